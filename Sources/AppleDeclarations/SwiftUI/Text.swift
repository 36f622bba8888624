// Declarations of SwiftUI's text, text fields, fonts and images, copied from Apple's
// documentation (the path after developer.apple.com/documentation/ above each). Linux only;
// never run.
//
// The pages are the Xcode 27 SDK's; where they show a later form than the iOS 18 SDK's, the
// comment says so. Conformances are the ones a page lists; where a page's relationships are
// not in the stored excerpt, the type declares only what our code needs of it and says so.
// Text and Image conform to View in an extension, as the SDK does: a conformance in the base
// declaration would isolate the whole type to the main actor.
#if os(Linux)
import CoreGraphicsDeclarations
import Foundation

// swiftui/text (`@frozen struct Text`; relationships not in the stored excerpt. Equatable and
// Sendable, as the SDK's interface declares them, are not claimed: nothing of ours needs them.)
@frozen public struct Text {
    // swiftui/text/init(verbatim:)
    public init(verbatim content: String) { fatalError() }
    // swiftui/text/bold()
    nonisolated public func bold() -> Text { fatalError() }
    // swiftui/text/italic()
    nonisolated public func italic() -> Text { fatalError() }
    // swiftui/text/underline(_:color:) (UNVERIFIED: the page is not in the stored
    // documentation; declared as its sibling swiftui/text/strikethrough(_:color:) reads)
    nonisolated public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { fatalError() }
    // swiftui/text/strikethrough(_:color:)
    nonisolated public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { fatalError() }
    // swiftui/text/+(_:_:) (deprecated from iOS 26 on the page; not deprecated in the iOS 18 SDK)
    public static func + (lhs: Text, rhs: Text) -> Text { fatalError() }
}

extension Text: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/textalignment
@frozen public enum TextAlignment: CaseIterable, Hashable, Sendable {
    // swiftui/textalignment/leading
    case leading
    // swiftui/textalignment/center
    case center
    // swiftui/textalignment/trailing
    case trailing
}

// swiftui/textfield (`nonisolated struct TextField<Label> where Label : View`)
public struct TextField<Label> where Label: View {}

extension TextField: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension TextField where Label == Text {
    // swiftui/textfield/init(_:text:) (the localization key's overload, which a string literal
    // takes in Xcode: declared so that it takes it here too)
    nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) { fatalError() }
    // swiftui/textfield/init(_:text:)-2laoi
    nonisolated public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol { fatalError() }
}

// swiftui/localizedstringkey (PARTLY: `@frozen struct LocalizedStringKey`, a string literal's
// type as its page says; its interpolation conformance is not declared, nothing here
// interpolates into a key)
@frozen public struct LocalizedStringKey: ExpressibleByStringLiteral {
    // swiftui/localizedstringkey/init(_:)
    public init(_ value: String) { fatalError() }
    // swiftui/localizedstringkey/init(stringliteral:)
    public init(stringLiteral value: String) { fatalError() }
}

// swiftui/font (`@frozen struct Font`; relationships not in the stored excerpt, none claimed)
@frozen public struct Font {
    // swiftui/font/system(size:weight:design:)-697b2 (iOS 16; the iOS 13 overload -73a88, with
    // non-optional weight and design, is not declared: our calls pass optionals)
    @available(iOS 16.0, macOS 13.0, *)
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { fatalError() }

    // swiftui/font/weight
    @frozen public struct Weight: Hashable, Sendable {
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
        // swiftui/font/design/default
        case `default`
        // swiftui/font/design/serif
        case serif
        // swiftui/font/design/rounded
        case rounded
        // swiftui/font/design/monospaced
        case monospaced
    }
}

// swiftui/image (`@frozen struct Image`; relationships not in the stored excerpt, none claimed)
@frozen public struct Image {
    // swiftui/image/init(systemname:)
    @available(iOS 13.0, macOS 11.0, *)
    public init(systemName: String) { fatalError() }
    // swiftui/image/init(decorative:scale:orientation:)
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up) { fatalError() }
    // swiftui/image/resizable(capinsets:resizingmode:)
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image { fatalError() }

    // swiftui/image/orientation (PARTLY: the page's topics show up, down and rightMirrored before
    // the stored excerpt ends; the raw type UInt8 and CaseIterable are from the SDK's member list
    // (init?(rawValue: UInt8), allCases))
    @frozen public enum Orientation: UInt8, CaseIterable, Hashable, Sendable {
        // swiftui/image/orientation/up
        case up
        // swiftui/image/orientation/upmirrored (UNVERIFIED: not in the stored excerpt of the
        // type's page; the case as UIImage.Orientation's)
        case upMirrored
        // swiftui/image/orientation/down
        case down
        // swiftui/image/orientation/downmirrored (UNVERIFIED: as upMirrored)
        case downMirrored
        // swiftui/image/orientation/left (UNVERIFIED: as upMirrored)
        case left
        // swiftui/image/orientation/leftmirrored (UNVERIFIED: as upMirrored)
        case leftMirrored
        // swiftui/image/orientation/right (UNVERIFIED: as upMirrored)
        case right
        // swiftui/image/orientation/rightmirrored
        case rightMirrored
    }

    // swiftui/image/resizingmode
    public enum ResizingMode: Hashable, Sendable {
        // swiftui/image/resizingmode/tile
        case tile
        // swiftui/image/resizingmode/stretch
        case stretch
    }
}

extension Image: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/contentmode (`@frozen enum ContentMode`; relationships not in the stored excerpt,
// none claimed)
@frozen public enum ContentMode {
    // swiftui/contentmode/fit
    case fit
    // swiftui/contentmode/fill
    case fill
}
#endif
