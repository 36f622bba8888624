// Declarations of SwiftUI's colours, gradients, shapes and shape styles, copied from Apple's
// documentation (the path after developer.apple.com/documentation/ above each). Linux only;
// never run.
//
// The pages are the Xcode 27 SDK's. Conformances are the ones a page lists (or our code
// needs and the page's API implies, said where so). Animatable, which Shape refines on the
// page, is not declared: nothing here conforms a type of ours to Shape or animates a shape,
// and declaring it would need Apple's VectorArithmetic too.
#if os(Linux)
import CoreGraphicsDeclarations
import Foundation

// swiftui/shapestyle (UNVERIFIED: its page is not in the stored documentation; `: Sendable` as the
// SDK's interface and every ShapeStyle page's relationships show it)
public protocol ShapeStyle: Sendable {}

// swiftui/color (PARTLY: `@frozen struct Color` was read; the page's relationships are not in the
// stored excerpt; ShapeStyle and View are what its API (foregroundStyle(_:), Color as a view) needs
// of it. View is conformed to in an extension, as the SDK does: a conformance in the base
// declaration would isolate all of Color to the main actor.)
@frozen public struct Color: ShapeStyle {
    // swiftui/color/init(_:red:green:blue:opacity:)
    public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) { fatalError() }
    // swiftui/color/opacity(_:)
    public func opacity(_ opacity: Double) -> Color { fatalError() }
    // swiftui/color/clear (UNVERIFIED: the page is not in the stored documentation; declared
    // as its sibling swiftui/color/secondary is)
    public static let clear: Color = { fatalError() }()
    // swiftui/color/secondary
    public static let secondary: Color = { fatalError() }()
    // swiftui/color/red
    public static let red: Color = { fatalError() }()

    // swiftui/color/rgbcolorspace
    public enum RGBColorSpace: Hashable, Sendable {
        // swiftui/color/rgbcolorspace/srgb
        case sRGB
        // swiftui/color/rgbcolorspace/srgblinear
        case sRGBLinear
        // swiftui/color/rgbcolorspace/displayp3
        case displayP3
    }
}

extension Color: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/lineargradient (`@frozen nonisolated struct` on the Xcode 27 page; a ShapeStyle and
// a View, as ChromeModifier uses it)
@frozen public struct LinearGradient: ShapeStyle, View {
    // swiftui/lineargradient/init(colors:startpoint:endpoint:)
    nonisolated public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/shape (`nonisolated protocol Shape : Sendable, Animatable, View`; see the note
// above on Animatable)
public protocol Shape: Sendable, View {
    // swiftui/shape/path(in:)
    nonisolated func path(in rect: CGRect) -> Path
}

// swiftui/path
@frozen public struct Path {}

// swiftui/insettableshape
public protocol InsettableShape: Shape {
    // swiftui/insettableshape/insetshape
    associatedtype InsetShape: InsettableShape
    // swiftui/insettableshape/inset(by:)
    nonisolated func inset(by amount: CGFloat) -> Self.InsetShape
}

extension Shape {
    // swiftui/shape/stroke(_:style:) (iOS 13; the iOS 17 stroke(_:style:antialiased:) returns
    // a StrokeShapeView and is not needed by a call that passes no `antialiased:`)
    nonisolated public func stroke<S>(_ content: S, style: StrokeStyle) -> some View where S: ShapeStyle { declared(EmptyView.self) }
}

extension InsettableShape {
    // swiftui/insettableshape/strokeborder(_:style:antialiased:)
    @available(iOS 17.0, macOS 14.0, *)
    nonisolated public func strokeBorder<S>(_ content: S = .foreground, style: StrokeStyle, antialiased: Bool = true) -> StrokeBorderShapeView<Self, S, EmptyView> where S: ShapeStyle { fatalError() }
}

// swiftui/strokebordershapeview (a ShapeView, which refines View, on the Xcode 27 SDK; View is
// declared, ShapeView's own requirements are not used)
@available(iOS 17.0, macOS 14.0, *)
@frozen public struct StrokeBorderShapeView<Content, Style, Background>: View where Content: InsettableShape, Style: ShapeStyle, Background: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/foregroundstyle (conforms to Sendable and ShapeStyle on the page)
@frozen public struct ForegroundStyle: ShapeStyle {
    // swiftui/foregroundstyle/init()
    public init() { fatalError() }
}

extension ShapeStyle where Self == ForegroundStyle {
    // swiftui/shapestyle/foreground
    public static var foreground: ForegroundStyle { fatalError() }
}

// The three shapes below conform to InsettableShape on their pages; path(in:) and inset(by:)
// are the conformance's witnesses (the pages give InsetShape as an opaque type, here the
// shape itself).

// swiftui/rectangle
@frozen public struct Rectangle: InsettableShape {
    // swiftui/rectangle/init()
    public init() { fatalError() }
    // witness: swiftui/shape/path(in:)
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    // witness: swiftui/insettableshape/inset(by:)
    nonisolated public func inset(by amount: CGFloat) -> Rectangle { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/capsule
@frozen public struct Capsule: InsettableShape {
    // swiftui/capsule/init(style:)
    public init(style: RoundedCornerStyle = .continuous) { fatalError() }
    // witness: swiftui/shape/path(in:)
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    // witness: swiftui/insettableshape/inset(by:)
    nonisolated public func inset(by amount: CGFloat) -> Capsule { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/unevenroundedrectangle
@available(iOS 16.0, macOS 13.0, *)
@frozen public struct UnevenRoundedRectangle: InsettableShape {
    // swiftui/unevenroundedrectangle/cornerradii
    public var cornerRadii: RectangleCornerRadii
    // swiftui/unevenroundedrectangle/style
    public var style: RoundedCornerStyle
    // swiftui/unevenroundedrectangle/init(cornerradii:style:)
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) { fatalError() }
    // witness: swiftui/shape/path(in:)
    nonisolated public func path(in rect: CGRect) -> Path { fatalError() }
    // witness: swiftui/insettableshape/inset(by:)
    nonisolated public func inset(by amount: CGFloat) -> UnevenRoundedRectangle { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/rectanglecornerradii
@available(iOS 16.0, macOS 13.0, *)
@frozen public struct RectangleCornerRadii {
    // swiftui/rectanglecornerradii/init(topleading:bottomleading:bottomtrailing:toptrailing:)
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) { fatalError() }
}

// swiftui/roundedcornerstyle (Hashable and Sendable on the page)
public enum RoundedCornerStyle: Hashable, Sendable {
    // swiftui/roundedcornerstyle/circular
    case circular
    // swiftui/roundedcornerstyle/continuous
    case continuous
}

// swiftui/strokestyle
@frozen public struct StrokeStyle {
    // swiftui/strokestyle/init(linewidth:linecap:linejoin:miterlimit:dash:dashphase:)
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10, dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) { fatalError() }
}

// swiftui/fillstyle
@frozen public struct FillStyle {
    // swiftui/fillstyle/init(eofill:antialiased:)
    public init(eoFill: Bool = false, antialiased: Bool = true) { fatalError() }
}
#endif
