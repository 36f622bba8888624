// Declarations of SwiftUI's navigation, search, sheets and toolbars, copied from Apple's
// documentation (the path after developer.apple.com/documentation/ above each). Linux only;
// never run.
//
// The pages are the Xcode 27 SDK's: they write `@ContentBuilder` for content closures and
// `nonisolated struct` for NavigationStack and ToolbarItem. The iOS 18 SDK's form is declared:
// `@ViewBuilder` (or `@ToolbarContentBuilder` for toolbar content), and the types isolated to
// the main actor through the protocol they conform to (View, ToolbarContent).
//
// A struct the page shows no Sendable conformance for keeps its `static let`s as
// `nonisolated(unsafe)`: the declaration cannot make the type Sendable without claiming more
// than the page does.
#if os(Linux)
import Foundation

extension View {
    // swiftui/view/sheet(item:ondismiss:content:)
    nonisolated public func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content) -> some View where Item: Identifiable, Content: View { declared(EmptyView.self) }
    // swiftui/view/sheet(ispresented:ondismiss:content:)
    nonisolated public func sheet<Content>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content) -> some View where Content: View { declared(EmptyView.self) }
    // swiftui/view/presentationdetents(_:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { declared(EmptyView.self) }
    // swiftui/view/presentationdetents(_:selection:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View { declared(EmptyView.self) }
    // swiftui/view/presentationdragindicator(_:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func presentationDragIndicator(_ visibility: Visibility) -> some View { declared(EmptyView.self) }
    // swiftui/view/presentationcornerradius(_:)
    @available(iOS 16.4, macOS 13.3, *)
    nonisolated public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> some View { declared(EmptyView.self) }
    // swiftui/view/interactivedismissdisabled(_:)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { declared(EmptyView.self) }
    // swiftui/view/searchable(text:placement:prompt:) (the Text overload; UNVERIFIED: its page is
    // not in the stored documentation, which has this name's LocalizedStringKey (iOS 15) and
    // LocalizedStringResource (iOS 16) siblings with the same labels and defaults. A Text
    // prompt is used because the prompt is already localized, not a key to look up.)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View { declared(EmptyView.self) }
    // swiftui/view/searchsuggestions(_:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func searchSuggestions<S>(@ViewBuilder _ suggestions: () -> S) -> some View where S: View { declared(EmptyView.self) }
    // swiftui/view/navigationtitle(_:) (the Text overload; UNVERIFIED: its page is not in the
    // stored documentation, which has the LocalizedStringKey (-43srq, iOS 14) and
    // Binding<String> (-7onr8, iOS 16) siblings. A Text title because a server's title is not
    // a localization key.)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func navigationTitle(_ title: Text) -> some View { declared(EmptyView.self) }
    // swiftui/view/navigationdestination(for:destination:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func navigationDestination<D, C>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View where D: Hashable, C: View { declared(EmptyView.self) }
    // swiftui/view/toolbarbackground(_:for:) (ShapeStyle)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func toolbarBackground<S>(_ style: S, for bars: ToolbarPlacement...) -> some View where S: ShapeStyle { declared(EmptyView.self) }
    // swiftui/view/toolbarbackgroundvisibility(_:for:)
    @available(iOS 18.0, macOS 15.0, *)
    nonisolated public func toolbarBackgroundVisibility(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { declared(EmptyView.self) }
    // swiftui/view/toolbar(content:) (ToolbarContent; the page writes @ContentBuilder)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func toolbar<Content>(@ToolbarContentBuilder content: () -> Content) -> some View where Content: ToolbarContent { declared(EmptyView.self) }
}

// swiftui/presentationdetent (the page shows no conformances; Hashable because the detents
// modifiers take a Set<PresentationDetent>)
@available(iOS 16.0, macOS 13.0, *)
public struct PresentationDetent: Hashable {
    // swiftui/presentationdetent/medium
    nonisolated(unsafe) public static let medium: PresentationDetent = { fatalError() }()
    // swiftui/presentationdetent/large
    nonisolated(unsafe) public static let large: PresentationDetent = { fatalError() }()
    // swiftui/presentationdetent/fraction(_:)
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { fatalError() }
}

// swiftui/visibility (CaseIterable: the page lists allCases)
@available(iOS 15.0, macOS 12.0, *)
@frozen public enum Visibility: CaseIterable {
    // swiftui/visibility/automatic
    case automatic
    // swiftui/visibility/visible
    case visible
    // swiftui/visibility/hidden
    case hidden
}

// swiftui/searchfieldplacement
@available(iOS 15.0, macOS 12.0, *)
public struct SearchFieldPlacement {
    // swiftui/searchfieldplacement/automatic
    nonisolated(unsafe) public static let automatic: SearchFieldPlacement = { fatalError() }()
}

// swiftui/navigationstack
@available(iOS 16.0, macOS 13.0, *)
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
    // swiftui/navigationstack/init(path:root:)-3bt4q
    nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root) where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/toolbarcontent
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol ToolbarContent {
    // swiftui/toolbarcontent/body-swift.associatedtype
    associatedtype Body: ToolbarContent
    // swiftui/toolbarcontent/body-swift.property (the page writes @ContentBuilder)
    @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// Never is the Body of the toolbar items below, as it is for the primitive views (View.swift);
// the conformance has no page of its own.
@available(iOS 14.0, macOS 11.0, *)
extension Never: ToolbarContent {}

// swiftui/toolbarcontentbuilder
@available(iOS 14.0, macOS 11.0, *)
@resultBuilder public struct ToolbarContentBuilder {
    // swiftui/toolbarcontentbuilder/buildblock(_:) (UNVERIFIED form, as buildBlock(_:_:_:)
    // below: the ToolbarContent sibling of the page's CustomizableToolbarContent member, the
    // same shape with ToolbarContent in its place; `.toolbar { toolbarItems }` needs it)
    public static func buildBlock<Content>(_ content: Content) -> some ToolbarContent where Content: ToolbarContent { declared(Content.self) }
    // swiftui/toolbarcontentbuilder/buildblock(_:_:_:) (UNVERIFIED form: the page shows the
    // overload group's CustomizableToolbarContent member; this is its ToolbarContent sibling,
    // the same shape with ToolbarContent in its place. Three items are what our nav bar has.)
    public static func buildBlock<C0, C1, C2>(_ c0: C0, _ c1: C1, _ c2: C2) -> some ToolbarContent where C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent { declared(C0.self) }
}

// swiftui/toolbaritem (`nonisolated struct` on the Xcode 27 page; main-actor through
// ToolbarContent in the iOS 18 SDK)
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public struct ToolbarItem<ID, Content>: ToolbarContent where Content: View {
    public typealias Body = Never
    // `return`: keeps the requirement's @ToolbarContentBuilder from applying to this stub.
    public var body: Never { return fatalError() }
}

@available(iOS 14.0, macOS 11.0, *)
extension ToolbarItem where ID == () {
    // swiftui/toolbaritem/init(placement:content:)
    nonisolated public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) { fatalError() }
}

// swiftui/toolbaritemplacement
@available(iOS 14.0, macOS 11.0, *)
public struct ToolbarItemPlacement {
    // swiftui/toolbaritemplacement/automatic
    nonisolated(unsafe) public static let automatic: ToolbarItemPlacement = { fatalError() }()
    // swiftui/toolbaritemplacement/navigation
    nonisolated(unsafe) public static let navigation: ToolbarItemPlacement = { fatalError() }()
    // swiftui/toolbaritemplacement/principal
    nonisolated(unsafe) public static let principal: ToolbarItemPlacement = { fatalError() }()
    // swiftui/toolbaritemplacement/primaryaction
    nonisolated(unsafe) public static let primaryAction: ToolbarItemPlacement = { fatalError() }()
}

// swiftui/toolbarplacement
@available(iOS 16.0, macOS 13.0, *)
public struct ToolbarPlacement {
    // swiftui/toolbarplacement/automatic
    public static var automatic: ToolbarPlacement { fatalError() }
}
#endif
