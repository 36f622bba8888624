// Declarations of SwiftUI's view protocol, its result builder and the views they make,
// copied from Apple's documentation (the path after developer.apple.com/documentation/
// above each). Compiled on Linux only, to type-check FlowSwiftUI; bodies are never run
// (fatalError() stands where Swift requires a body; `declared(_:)` where the body's type is
// opaque). See ../README.md.
#if os(Linux)
import Foundation

// swiftui/view
@MainActor @preconcurrency public protocol View {
    // swiftui/view/body-swift.associatedtype
    associatedtype Body: View
    // swiftui/view/body-8kl5o (the page writes @ContentBuilder, the Xcode 27 alias of
    // ViewBuilder; the iOS 18 SDK writes @ViewBuilder)
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// The body of a declaration that returns an opaque type: never run (these modules are only
/// type-checked), and of a real type rather than `Never`, so that an optimised build, which
/// sees through opaque types, does not judge the code after each call unreachable.
@inline(never) func declared<T>(_ type: T.Type) -> T {
    fatalError("\(T.self): a declaration of Apple's API, type-checked on Linux and never run")
}

// Never is the body of the primitive views (no page of its own: a conformance of a standard
// library type, listed among View's conforming types).
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/viewbuilder (Xcode 26 and earlier build with ViewBuilder, as its page says; Xcode
// 27's type-agnostic ContentBuilder is not this SDK's)
@resultBuilder public struct ViewBuilder {
    // swiftui/viewbuilder/buildexpression(_:) (PARTLY: the stored page is the Xcode 27 SDK's
    // type-agnostic overload group; the View overload, which decides what an expression in a
    // builder may be, as the SDK's interface writes it)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { fatalError() }
    // swiftui/viewbuilder/buildblock() (the page returns EmptyContent, the Xcode 27 SDK's; the
    // iOS 18 SDK returns EmptyView)
    public static func buildBlock() -> EmptyView { fatalError() }
    // swiftui/viewbuilder/buildblock(_:) (the page has no constraint, the Xcode 27 SDK's
    // type-agnostic form; the iOS 18 SDK's is `where Content: View`)
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { fatalError() }
    // swiftui/viewbuilder/buildblock(_:)-2bj1g
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content: View { fatalError() }
    // swiftui/viewbuilder/buildif(_:) (iOS 18 form: `where Content: View`, as above)
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { fatalError() }
    // swiftui/viewbuilder/buildeither(first:) (iOS 18 form: both View, as above)
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View { fatalError() }
    // swiftui/viewbuilder/buildeither(second:) (iOS 18 form: both View, as above)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View { fatalError() }
    // swiftui/viewbuilder/buildlimitedavailability(_:) (PARTLY: the stored page is the overload
    // group's Commands member; the View overload, which `if #available` in a view builder
    // resolves to, as the SDK's interface writes it)
    @available(iOS 14.0, macOS 11.0, *)
    public static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content: View { fatalError() }
}

// swiftui/emptyview (the page writes `@frozen nonisolated struct`, the Xcode 27 SDK's; the
// iOS 18 SDK's views are `@MainActor @preconcurrency`, through their View conformance)
@MainActor @preconcurrency public struct EmptyView: View {
    // swiftui/emptyview/init()
    nonisolated public init() { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/anyview
@MainActor @preconcurrency public struct AnyView: View {
    // swiftui/anyview/init(_:)
    nonisolated public init<V>(_ view: V) where V: View { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/tupleview (what ViewBuilder makes of several views; its init and value are not used)
public struct TupleView<T> {}

extension TupleView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// witness: swiftui/viewbuilder/buildeither(first:) (_ConditionalContent has no page of its
// own, an underscored type; its shape is the return type the buildEither pages give)
public struct _ConditionalContent<TrueContent, FalseContent> {}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// Optional is a View when what it wraps is one (no page of its own: a conformance of a
// standard library type, listed among View's conforming types); what buildIf returns.
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/modifiedcontent
public struct ModifiedContent<Content, Modifier> {
    // swiftui/modifiedcontent/init(content:modifier:)
    nonisolated public init(content: Content, modifier: Modifier) { fatalError() }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/viewmodifier
@MainActor @preconcurrency public protocol ViewModifier {
    // swiftui/viewmodifier/body-swift.associatedtype (LISTED: named on the protocol's page;
    // `associatedtype Body : View` as View's, swiftui/view/body-swift.associatedtype)
    associatedtype Body: View
    // swiftui/viewmodifier/body(content:) (the page writes @ContentBuilder; iOS 18: @ViewBuilder)
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    // swiftui/viewmodifier/content
    typealias Content = _ViewModifier_Content<Self>
}

// witness: swiftui/viewmodifier/content (_ViewModifier_Content has no page of its own, an
// underscored type; ViewModifier.Content is an alias of it in the SDK)
public struct _ViewModifier_Content<Modifier> where Modifier: ViewModifier {}

extension _ViewModifier_Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/dynamicproperty
public protocol DynamicProperty {
    // swiftui/dynamicproperty/update()
    mutating func update()
}

extension DynamicProperty {
    // witness: swiftui/dynamicproperty/update() (the protocol's default implementation)
    public mutating func update() {}
}

// swiftui/button (the page writes `nonisolated struct`, the Xcode 27 SDK's; iOS 18:
// `@MainActor @preconcurrency struct`)
@MainActor @preconcurrency public struct Button<Label>: View where Label: View {
    // swiftui/button/init(action:label:) (the page writes @ContentBuilder; iOS 18: @ViewBuilder)
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}
#endif
