// Declarations of SwiftUI's view protocol, its result builder and the views they make,
// copied from Apple's documentation (the path after developer.apple.com/documentation/
// above each). Compiled on Linux only, to type-check FlowSwiftUI; bodies are never run
// (fatalError() stands where Swift requires a body). See ../README.md.
#if os(Linux)
import Foundation

// swiftui/view
@MainActor @preconcurrency public protocol View {
    // swiftui/view/body-swift.associatedtype
    associatedtype Body: View
    // swiftui/view/body-8kl5o (the page writes @ContentBuilder, the iOS 18 SDK @ViewBuilder)
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// swiftui/never (Never conforms to View, ToolbarContent and Scene: the body of primitive views)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
    // swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { fatalError() }
    // swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { fatalError() }
    // swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { fatalError() }
    // swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content: View { fatalError() }
    // swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { fatalError() }
    // swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View { fatalError() }
    // swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View { fatalError() }
    // swiftui/viewbuilder/buildlimitedavailability(_:)
    public static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content: View { fatalError() }
}

// swiftui/emptyview
public struct EmptyView: View {
    // swiftui/emptyview/init()
    public init() { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/anyview
public struct AnyView: View {
    // swiftui/anyview/init(_:)
    public init<V>(_ view: V) where V: View { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/tupleview
public struct TupleView<T> {
    // swiftui/tupleview/value
    public var value: T
    // swiftui/tupleview/init(_:)
    public init(_ value: T) { fatalError() }
}

extension TupleView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/_conditionalcontent
public struct _ConditionalContent<TrueContent, FalseContent> {}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/optional (Optional conforms to View when its wrapped type does)
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/modifiedcontent
public struct ModifiedContent<Content, Modifier> {
    // swiftui/modifiedcontent/content
    public var content: Content
    // swiftui/modifiedcontent/modifier
    public var modifier: Modifier
    // swiftui/modifiedcontent/init(content:modifier:)
    nonisolated public init(content: Content, modifier: Modifier) { fatalError() }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/viewmodifier
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    // swiftui/viewmodifier/body(content:)
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    // swiftui/viewmodifier/content
    typealias Content = _ViewModifier_Content<Self>
}

// swiftui/_viewmodifier_content
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
    public mutating func update() {}
}
// swiftui/button
@MainActor @preconcurrency public struct Button<Label>: View where Label: View {
    // swiftui/button/init(action:label:)
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

#endif
