// Declarations of SwiftUI's colours, gradients, shapes and shape styles, copied from Apple's
// documentation (the path after developer.apple.com/documentation/ above each). Linux only;
// never run.
#if os(Linux)
import CoreGraphicsDeclarations
import Foundation

// swiftui/shapestyle
public protocol ShapeStyle: Sendable {}

// swiftui/color
public struct Color: Hashable, Sendable, ShapeStyle {
    // swiftui/color/init(_:red:green:blue:opacity:)
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) { fatalError() }
    // swiftui/color/opacity(_:)
    public func opacity(_ opacity: Double) -> Color { fatalError() }
    // swiftui/color/clear
    public static let clear: Color = { fatalError() }()
    // swiftui/color/primary
    public static let primary: Color = { fatalError() }()
    // swiftui/color/secondary
    public static let secondary: Color = { fatalError() }()
    // swiftui/color/red
    public static let red: Color = { fatalError() }()
    // swiftui/color/orange
    public static let orange: Color = { fatalError() }()
    // swiftui/color/blue
    public static let blue: Color = { fatalError() }()

    // swiftui/color/rgbcolorspace
    public enum RGBColorSpace: Sendable {
        case sRGB, sRGBLinear, displayP3
    }
}

extension Color: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/lineargradient
public struct LinearGradient: ShapeStyle, View {
    // swiftui/lineargradient/init(colors:startpoint:endpoint:)
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/shape
public protocol Shape: Sendable, View {
    // swiftui/shape/path(in:)
    func path(in rect: CGRect) -> Path
}

// swiftui/path
public struct Path: Equatable, Sendable {}

// swiftui/insettableshape
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    // swiftui/insettableshape/inset(by:)
    func inset(by amount: CGFloat) -> Self.InsetShape
}

extension Shape {
    // swiftui/shape/stroke(_:style:antialiased:)
    @available(iOS 17.0, macOS 14.0, *)
    nonisolated public func stroke<S>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View where S: ShapeStyle { fatalError() }
}

extension InsettableShape {
    // swiftui/insettableshape/strokeborder(_:style:antialiased:)
    nonisolated public func strokeBorder<S>(_ content: S = .foreground, style: StrokeStyle, antialiased: Bool = true) -> some View where S: ShapeStyle { fatalError() }
}

// swiftui/foregroundstyle
public struct ForegroundStyle: ShapeStyle {
    public init() { fatalError() }
}

extension ShapeStyle where Self == ForegroundStyle {
    // swiftui/shapestyle/foreground
    public static var foreground: ForegroundStyle { fatalError() }
}

// swiftui/rectangle
public struct Rectangle: InsettableShape {
    // swiftui/rectangle/init()
    public init() { fatalError() }
    public func path(in rect: CGRect) -> Path { fatalError() }
    public func inset(by amount: CGFloat) -> Rectangle { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/capsule
public struct Capsule: InsettableShape {
    // swiftui/capsule/init(style:)
    public init(style: RoundedCornerStyle = .continuous) { fatalError() }
    public func path(in rect: CGRect) -> Path { fatalError() }
    public func inset(by amount: CGFloat) -> Capsule { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/unevenroundedrectangle
@available(iOS 16.0, macOS 13.0, *)
public struct UnevenRoundedRectangle: InsettableShape {
    // swiftui/unevenroundedrectangle/cornerradii
    public var cornerRadii: RectangleCornerRadii
    // swiftui/unevenroundedrectangle/style
    public var style: RoundedCornerStyle
    // swiftui/unevenroundedrectangle/init(cornerradii:style:)
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) { fatalError() }
    public func path(in rect: CGRect) -> Path { fatalError() }
    public func inset(by amount: CGFloat) -> UnevenRoundedRectangle { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/rectanglecornerradii
@available(iOS 16.0, macOS 13.0, *)
public struct RectangleCornerRadii: Equatable, Sendable {
    // swiftui/rectanglecornerradii/init(topleading:bottomleading:bottomtrailing:toptrailing:)
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) { fatalError() }
}

// swiftui/roundedcornerstyle
public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    case circular, continuous
}

// swiftui/strokestyle
public struct StrokeStyle: Equatable, Sendable {
    // swiftui/strokestyle/init(linewidth:linecap:linejoin:miterlimit:dash:dashphase:)
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10, dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) { fatalError() }
}

// swiftui/fillstyle
public struct FillStyle: Equatable, Sendable {
    // swiftui/fillstyle/init(eofill:antialiased:)
    public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}
#endif
