// Declarations of SwiftUI's navigation, search, sheets and toolbars, copied from Apple's
// documentation (the path after developer.apple.com/documentation/ above each). Linux only;
// never run.
#if os(Linux)
import Foundation

extension View {
    // swiftui/view/sheet(item:ondismiss:content:)
    nonisolated public func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content) -> some View where Item: Identifiable, Content: View { fatalError() }
    // swiftui/view/sheet(ispresented:ondismiss:content:)
    nonisolated public func sheet<Content>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content) -> some View where Content: View { fatalError() }
    // swiftui/view/presentationdetents(_:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { fatalError() }
    // swiftui/view/presentationdetents(_:selection:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View { fatalError() }
    // swiftui/view/presentationdragindicator(_:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func presentationDragIndicator(_ visibility: Visibility) -> some View { fatalError() }
    // swiftui/view/presentationcornerradius(_:)
    @available(iOS 16.4, macOS 13.3, *)
    nonisolated public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> some View { fatalError() }
    // swiftui/view/interactivedismissdisabled(_:)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { fatalError() }
    // swiftui/view/searchable(text:placement:prompt:) (Text prompt)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View { fatalError() }
    // swiftui/view/searchsuggestions(_:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func searchSuggestions<S>(@ViewBuilder _ suggestions: () -> S) -> some View where S: View { fatalError() }
    // swiftui/view/navigationtitle(_:) (Text)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func navigationTitle(_ title: Text) -> some View { fatalError() }
    // swiftui/view/navigationdestination(for:destination:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func navigationDestination<D, C>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View where D: Hashable, C: View { fatalError() }
    // swiftui/view/toolbarbackground(_:for:) (ShapeStyle)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func toolbarBackground<S>(_ style: S, for bars: ToolbarPlacement...) -> some View where S: ShapeStyle { fatalError() }
    // swiftui/view/toolbarbackgroundvisibility(_:for:)
    @available(iOS 18.0, macOS 15.0, *)
    nonisolated public func toolbarBackgroundVisibility(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { fatalError() }
    // swiftui/view/toolbar(content:) (ToolbarContent)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func toolbar<Content>(@ToolbarContentBuilder content: () -> Content) -> some View where Content: ToolbarContent { fatalError() }
}

// swiftui/presentationdetent
@available(iOS 16.0, macOS 13.0, *)
public struct PresentationDetent: Hashable, Sendable {
    // swiftui/presentationdetent/medium
    public static let medium: PresentationDetent = { fatalError() }()
    // swiftui/presentationdetent/large
    public static let large: PresentationDetent = { fatalError() }()
    // swiftui/presentationdetent/fraction(_:)
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { fatalError() }
}

// swiftui/visibility
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

// swiftui/searchfieldplacement
@available(iOS 15.0, macOS 12.0, *)
public struct SearchFieldPlacement: Sendable {
    // swiftui/searchfieldplacement/automatic
    public static let automatic: SearchFieldPlacement = { fatalError() }()
}

// swiftui/navigationstack
@available(iOS 16.0, macOS 13.0, *)
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
    // swiftui/navigationstack/init(path:root:)
    nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root) where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/toolbarcontent
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    // swiftui/toolbarcontent/body-swift.property
    @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

@available(iOS 14.0, macOS 11.0, *)
extension Never: ToolbarContent {}

// swiftui/toolbarcontentbuilder
@available(iOS 14.0, macOS 11.0, *)
@resultBuilder public struct ToolbarContentBuilder {
    // swiftui/toolbarcontentbuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: ToolbarContent { fatalError() }
    // swiftui/toolbarcontentbuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: ToolbarContent { fatalError() }
    // swiftui/toolbarcontentbuilder/buildblock(_:)
    @available(iOS 17.0, macOS 14.0, *)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> some ToolbarContent where repeat each Content: ToolbarContent { fatalError() }
}

// swiftui/toolbaritem
@available(iOS 14.0, macOS 11.0, *)
public struct ToolbarItem<ID, Content>: ToolbarContent where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, *)
extension ToolbarItem where ID == () {
    // swiftui/toolbaritem/init(placement:content:)
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) { fatalError() }
}

// swiftui/toolbaritemplacement (its placements are read-only statics; declared computed here
// because a declaration cannot prove the struct Sendable)
@available(iOS 14.0, macOS 11.0, *)
public struct ToolbarItemPlacement {
    // swiftui/toolbaritemplacement/automatic
    public static var automatic: ToolbarItemPlacement { fatalError() }
    // swiftui/toolbaritemplacement/navigation
    public static var navigation: ToolbarItemPlacement { fatalError() }
    // swiftui/toolbaritemplacement/principal
    public static var principal: ToolbarItemPlacement { fatalError() }
    // swiftui/toolbaritemplacement/primaryaction
    public static var primaryAction: ToolbarItemPlacement { fatalError() }
}

// swiftui/toolbarplacement
@available(iOS 16.0, macOS 13.0, *)
public struct ToolbarPlacement {
    // swiftui/toolbarplacement/automatic
    public static var automatic: ToolbarPlacement { fatalError() }
}
#endif
