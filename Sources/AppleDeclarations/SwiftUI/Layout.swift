// Declarations of SwiftUI's stacks, grids, scroll views, lists of views and geometry values,
// copied from Apple's documentation (the path after developer.apple.com/documentation/
// above each). Linux only; never run.
//
// The pages are the Xcode 27 SDK's: they write `nonisolated struct` for the views and
// `@ContentBuilder` for their content. The iOS 18 SDK's views are `@MainActor @preconcurrency`
// (through View) and take `@ViewBuilder` content; that is the form declared here.
#if os(Linux)
import Foundation

// swiftui/vstack
@MainActor @preconcurrency public struct VStack<Content>: View where Content: View {
    // swiftui/vstack/init(alignment:spacing:content:)
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/hstack (the type page; its init's page is not in the stored documentation: the
// declaration is VStack's with a VerticalAlignment, the labels as the type page's example
// `HStack(alignment: .top, spacing: 10) { … }` uses them)
@MainActor @preconcurrency public struct HStack<Content>: View where Content: View {
    // swiftui/hstack/init(alignment:spacing:content:) (UNVERIFIED page)
    nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/zstack
@MainActor @preconcurrency public struct ZStack<Content>: View where Content: View {
    // swiftui/zstack/init(alignment:content:)
    nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/lazyvstack
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public struct LazyVStack<Content>: View where Content: View {
    // swiftui/lazyvstack/init(alignment:spacing:pinnedviews:content:)
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/lazyhstack (the type page; its init's page is not stored: LazyVStack's declaration
// with a VerticalAlignment, as the type page's example `LazyHStack(alignment: .top,
// spacing: 10)` uses it)
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public struct LazyHStack<Content>: View where Content: View {
    // swiftui/lazyhstack/init(alignment:spacing:pinnedviews:content:) (UNVERIFIED page)
    nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/lazyvgrid
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public struct LazyVGrid<Content>: View where Content: View {
    // swiftui/lazyvgrid/init(columns:alignment:spacing:pinnedviews:content:)
    nonisolated public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/griditem
@available(iOS 14.0, macOS 11.0, *)
public struct GridItem {
    // swiftui/griditem/init(_:spacing:alignment:)
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) { fatalError() }

    // swiftui/griditem/size-swift.enum (every case Apple's has, so a `switch` here is exhaustive
    // only where Xcode's is)
    public enum Size {
        // swiftui/griditem/size-swift.enum/fixed(_:)
        case fixed(CGFloat)
        // swiftui/griditem/size-swift.enum/flexible(minimum:maximum:)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        // swiftui/griditem/size-swift.enum/adaptive(minimum:maximum:)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
}

// swiftui/pinnedscrollableviews
@available(iOS 14.0, macOS 11.0, *)
public struct PinnedScrollableViews: OptionSet {
    public let rawValue: UInt32
    // witness: swift/optionset (PinnedScrollableViews is an OptionSet on its page)
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    // swiftui/pinnedscrollableviews/sectionheaders (nonisolated(unsafe): the page shows no
    // Sendable conformance; a `static let` of it needs this in a Swift 6 module, and it
    // changes nothing for the code that reads it)
    nonisolated(unsafe) public static let sectionHeaders: PinnedScrollableViews = { fatalError() }()
}

// swiftui/scrollview
@MainActor @preconcurrency public struct ScrollView<Content>: View where Content: View {
    // swiftui/scrollview/init(_:content:) (the page writes @ContentBuilder, the Xcode 27 alias of
    // ViewBuilder: the overload `ScrollView(.horizontal) { … }` takes)
    nonisolated public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) { fatalError() }
    // swiftui/scrollview/init(_:showsindicators:content:)
    nonisolated public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/scrollindicatorvisibility
@available(iOS 16.0, macOS 13.0, *)
public struct ScrollIndicatorVisibility {
    // swiftui/scrollindicatorvisibility/hidden
    public static var hidden: ScrollIndicatorVisibility { fatalError() }
}

// swiftui/axis
@frozen public enum Axis {
    // swiftui/axis/horizontal
    case horizontal
    // swiftui/axis/vertical
    case vertical

    // swiftui/axis/set (OptionSet, Sendable: the page's conformances)
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        // witness: swift/optionset (the raw type Int8 as the SDK's member list gives it)
        public init(rawValue: Int8) { self.rawValue = rawValue }
        // swiftui/axis/set/horizontal
        public static let horizontal = Axis.Set(rawValue: 1)
        // swiftui/axis/set/vertical
        public static let vertical = Axis.Set(rawValue: 2)
    }
}

// swiftui/section
public struct Section<Parent, Content, Footer> {}

extension Section: View where Parent: View, Content: View, Footer: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    // swiftui/section/init(content:header:)
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) { fatalError() }
}

// swiftui/foreach
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension ForEach where Content: View {
    // swiftui/foreach/init(_:id:content:) (UNVERIFIED page: not in the stored documentation;
    // its shape is the one List's init(_:id:rowContent:) page wraps in a ForEach)
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

// swiftui/spacer
@frozen public struct Spacer: View {
    // swiftui/spacer/init(minlength:)
    public init(minLength: CGFloat? = nil) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/progressview
@available(iOS 14.0, macOS 11.0, *)
public struct ProgressView<Label, CurrentValueLabel> where Label: View, CurrentValueLabel: View {}

@available(iOS 14.0, macOS 11.0, *)
extension ProgressView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, *)
extension ProgressView where CurrentValueLabel == EmptyView {
    // swiftui/progressview/init()
    nonisolated public init() where Label == EmptyView { fatalError() }
}

// swiftui/alignment
@frozen public struct Alignment {
    // swiftui/alignment/center
    public static let center: Alignment = { fatalError() }()
    // swiftui/alignment/leading (LISTED: its page was not returned; declared as its siblings'
    // pages read, `static let x: Alignment`)
    public static let leading: Alignment = { fatalError() }()
    // swiftui/alignment/top (LISTED: as alignment/leading)
    public static let top: Alignment = { fatalError() }()
    // swiftui/alignment/bottom
    public static let bottom: Alignment = { fatalError() }()
    // swiftui/alignment/topleading
    public static let topLeading: Alignment = { fatalError() }()
    // swiftui/alignment/toptrailing (LISTED: as alignment/leading)
    public static let topTrailing: Alignment = { fatalError() }()
    // swiftui/alignment/bottomleading (LISTED: as alignment/leading)
    public static let bottomLeading: Alignment = { fatalError() }()
    // swiftui/alignment/bottomtrailing
    public static let bottomTrailing: Alignment = { fatalError() }()
}

// swiftui/horizontalalignment
@frozen public struct HorizontalAlignment {
    // swiftui/horizontalalignment/leading
    public static let leading: HorizontalAlignment = { fatalError() }()
    // swiftui/horizontalalignment/center (LISTED: named on the type's page; declared as its
    // sibling horizontalalignment/leading reads)
    public static let center: HorizontalAlignment = { fatalError() }()
}

// swiftui/verticalalignment
@frozen public struct VerticalAlignment {
    // swiftui/verticalalignment/top (LISTED: its page was not returned; declared as its
    // siblings verticalalignment/center and /firsttextbaseline read)
    public static let top: VerticalAlignment = { fatalError() }()
    // swiftui/verticalalignment/center
    public static let center: VerticalAlignment = { fatalError() }()
    // swiftui/verticalalignment/firsttextbaseline
    public static let firstTextBaseline: VerticalAlignment = { fatalError() }()
}

// swiftui/edgeinsets (Sendable: the page's conformance)
@frozen public struct EdgeInsets: Sendable {
    // swiftui/edgeinsets/top (LISTED: named on the type's page; declared as its siblings
    // edgeinsets/leading and /trailing read, `var x: CGFloat`)
    public var top: CGFloat
    // swiftui/edgeinsets/leading
    public var leading: CGFloat
    // swiftui/edgeinsets/bottom (LISTED: as edgeinsets/top)
    public var bottom: CGFloat
    // swiftui/edgeinsets/trailing
    public var trailing: CGFloat
    // swiftui/edgeinsets/init(top:leading:bottom:trailing:)
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) { fatalError() }
    // swiftui/edgeinsets/init()
    public init() { fatalError() }
}

// swiftui/edge
@frozen public enum Edge {
    // swiftui/edge/top (LISTED: the type's page lists its four cases)
    case top
    // swiftui/edge/leading (LISTED: as edge/top)
    case leading
    // swiftui/edge/bottom (LISTED: as edge/top)
    case bottom
    // swiftui/edge/trailing (LISTED: as edge/top)
    case trailing

    // swiftui/edge/set (OptionSet, Sendable: the page's conformances)
    @frozen public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        // witness: swift/optionset (Edge.Set is RawRepresentable on its page; Int8 as Axis.Set's)
        public init(rawValue: Int8) { self.rawValue = rawValue }
        // swiftui/edge/set/all
        public static let all = Edge.Set(rawValue: 15)
    }
}

// swiftui/verticaledge
@available(iOS 15.0, macOS 12.0, *)
@frozen public enum VerticalEdge: Sendable {
    // swiftui/verticaledge/top
    case top
    // swiftui/verticaledge/bottom
    case bottom
}

// swiftui/unitpoint
@frozen public struct UnitPoint {
    // swiftui/unitpoint/x
    public var x: CGFloat
    // swiftui/unitpoint/y
    public var y: CGFloat
    // swiftui/unitpoint/init(x:y:)
    public init(x: CGFloat, y: CGFloat) { fatalError() }
}
// swiftui/layout (its requirements are not declared: our code makes no layout of its own, it
// switches between HStackLayout and VStackLayout through AnyLayout; the page's Animatable
// refinement is left out with them)
@available(iOS 16.0, macOS 13.0, *)
public protocol Layout {}

@available(iOS 16.0, macOS 13.0, *)
extension Layout {
    // swiftui/layout/callasfunction(_:) (@ViewBuilder where the page writes @ContentBuilder, its
    // Xcode 27 alias)
    public func callAsFunction<V>(@ViewBuilder _ content: () -> V) -> some View where V: View { declared(EmptyView.self) }
}

// swiftui/anylayout
@available(iOS 16.0, macOS 13.0, *)
@frozen public struct AnyLayout: Layout {
    // swiftui/anylayout/init(_:)
    public init<L>(_ layout: L) where L: Layout { fatalError() }
}

// swiftui/hstacklayout
@available(iOS 16.0, macOS 13.0, *)
@frozen public struct HStackLayout: Layout {
    // swiftui/hstacklayout/init(alignment:spacing:)
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) { fatalError() }
}

// swiftui/vstacklayout
@available(iOS 16.0, macOS 13.0, *)
@frozen public struct VStackLayout: Layout {
    // swiftui/vstacklayout/init(alignment:spacing:)
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) { fatalError() }
}
#endif
