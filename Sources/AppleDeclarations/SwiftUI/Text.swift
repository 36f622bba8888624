// Declarations of SwiftUI's text, fonts and images, copied from Apple's documentation (the
// path after developer.apple.com/documentation/ above each). Linux only; never run.
#if os(Linux)
import CoreGraphicsDeclarations
import Foundation

// swiftui/text
public struct Text: Equatable, Sendable {
    // swiftui/text/init(verbatim:)
    public init(verbatim content: String) { fatalError() }
    // swiftui/text/init(_:)
    public init<S>(_ content: S) where S: StringProtocol { fatalError() }
    // swiftui/text/bold()
    public func bold() -> Text { fatalError() }
    // swiftui/text/italic()
    public func italic() -> Text { fatalError() }
    // swiftui/text/underline(_:color:)
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { fatalError() }
    // swiftui/text/strikethrough(_:color:)
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { fatalError() }
    // swiftui/text/+(_:_:)
    public static func + (lhs: Text, rhs: Text) -> Text { fatalError() }
    public static func == (lhs: Text, rhs: Text) -> Bool { fatalError() }
}

extension Text: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/textalignment
public enum TextAlignment: Hashable, CaseIterable, Sendable {
    case leading, center, trailing
}

// swiftui/textfield
public struct TextField<Label> where Label: View {}

extension TextField: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension TextField where Label == Text {
    // swiftui/textfield/init(_:text:)
    public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol { fatalError() }
}

// swiftui/font
public struct Font: Hashable, Sendable {
    // swiftui/font/system(size:weight:design:)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { fatalError() }

    // swiftui/font/weight
    public struct Weight: Hashable, Sendable {
        // swiftui/font/weight/light
        public static let light: Font.Weight = { fatalError() }()
        // swiftui/font/weight/regular
        public static let regular: Font.Weight = { fatalError() }()
        // swiftui/font/weight/medium
        public static let medium: Font.Weight = { fatalError() }()
        // swiftui/font/weight/semibold
        public static let semibold: Font.Weight = { fatalError() }()
        // swiftui/font/weight/bold
        public static let bold: Font.Weight = { fatalError() }()
        // swiftui/font/weight/heavy
        public static let heavy: Font.Weight = { fatalError() }()
    }

    // swiftui/font/design
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }
}

// swiftui/image
public struct Image: Equatable, Sendable {
    // swiftui/image/init(systemname:)
    public init(systemName: String) { fatalError() }
    // swiftui/image/init(decorative:scale:orientation:)
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up) { fatalError() }
    // swiftui/image/resizable(capinsets:resizingmode:)
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image { fatalError() }
    public static func == (lhs: Image, rhs: Image) -> Bool { fatalError() }

    // swiftui/image/orientation
    public enum Orientation: UInt8, CaseIterable, Hashable, Sendable {
        case up, upMirrored, down, downMirrored, left, leftMirrored, right, rightMirrored
    }

    // swiftui/image/resizingmode
    public enum ResizingMode: Sendable {
        case tile, stretch
    }
}

extension Image: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/contentmode
public enum ContentMode: Hashable, CaseIterable, Sendable {
    case fit, fill
}
#endif
