// Declarations of SwiftUI's stacks, grids, scroll views, lists of views and geometry values,
// copied from Apple's documentation (the path after developer.apple.com/documentation/
// above each). Linux only; never run.
#if os(Linux)
import Foundation

// swiftui/vstack
@MainActor @preconcurrency public struct VStack<Content>: View where Content: View {
    // swiftui/vstack/init(alignment:spacing:content:)
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/hstack
@MainActor @preconcurrency public struct HStack<Content>: View where Content: View {
    // swiftui/hstack/init(alignment:spacing:content:)
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

// swiftui/lazyhstack
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public struct LazyHStack<Content>: View where Content: View {
    // swiftui/lazyhstack/init(alignment:spacing:pinnedviews:content:)
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
public struct GridItem: Sendable {
    // swiftui/griditem/init(_:spacing:alignment:)
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) { fatalError() }

    // swiftui/griditem/size-swift.enum
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
}

// swiftui/pinnedscrollableviews
@available(iOS 14.0, macOS 11.0, *)
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    // swiftui/pinnedscrollableviews/sectionheaders
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    // swiftui/pinnedscrollableviews/sectionfooters
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

// swiftui/scrollview
@MainActor @preconcurrency public struct ScrollView<Content>: View where Content: View {
    // swiftui/scrollview/init(_:showsindicators:content:)
    nonisolated public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/scrollindicatorvisibility
@available(iOS 16.0, macOS 13.0, *)
public struct ScrollIndicatorVisibility: Equatable, Sendable {
    // swiftui/scrollindicatorvisibility/automatic
    public static var automatic: ScrollIndicatorVisibility { fatalError() }
    // swiftui/scrollindicatorvisibility/visible
    public static var visible: ScrollIndicatorVisibility { fatalError() }
    // swiftui/scrollindicatorvisibility/hidden
    public static var hidden: ScrollIndicatorVisibility { fatalError() }
    // swiftui/scrollindicatorvisibility/never
    public static var never: ScrollIndicatorVisibility { fatalError() }
}

// swiftui/axis
public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical

    // swiftui/axis/set
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
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
    @available(iOS 15.0, macOS 12.0, *)
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) { fatalError() }
}

// swiftui/foreach
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    // swiftui/foreach/data
    public var data: Data
    // swiftui/foreach/content
    public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension ForEach where Content: View {
    // swiftui/foreach/init(_:id:content:)
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

// swiftui/spacer
@MainActor @preconcurrency public struct Spacer: View {
    // swiftui/spacer/init(minlength:)
    nonisolated public init(minLength: CGFloat? = nil) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/progressview
@available(iOS 14.0, macOS 11.0, *)
public struct ProgressView<Label, CurrentValueLabel> where Label: View, CurrentValueLabel: View {}

extension ProgressView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    // swiftui/progressview/init()
    public init() { fatalError() }
}

// swiftui/alignment
public struct Alignment: Equatable, Sendable {
    // swiftui/alignment/init(horizontal:vertical:)
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) { fatalError() }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

// swiftui/horizontalalignment
public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading: HorizontalAlignment = { fatalError() }()
    public static let center: HorizontalAlignment = { fatalError() }()
    public static let trailing: HorizontalAlignment = { fatalError() }()
}

// swiftui/verticalalignment
public struct VerticalAlignment: Equatable, Sendable {
    public static let top: VerticalAlignment = { fatalError() }()
    public static let center: VerticalAlignment = { fatalError() }()
    public static let bottom: VerticalAlignment = { fatalError() }()
    public static let firstTextBaseline: VerticalAlignment = { fatalError() }()
    public static let lastTextBaseline: VerticalAlignment = { fatalError() }()
}

// swiftui/edgeinsets
public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    // swiftui/edgeinsets/init(top:leading:bottom:trailing:)
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) { fatalError() }
    // swiftui/edgeinsets/init()
    public init() { fatalError() }
}

// swiftui/edge
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    case top, leading, bottom, trailing

    // swiftui/edge/set
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Edge.Set(rawValue: 1)
        public static let leading = Edge.Set(rawValue: 2)
        public static let bottom = Edge.Set(rawValue: 4)
        public static let trailing = Edge.Set(rawValue: 8)
        public static let all: Edge.Set = [.top, .leading, .bottom, .trailing]
    }
}

// swiftui/verticaledge
@available(iOS 15.0, macOS 12.0, *)
public enum VerticalEdge: Int8, CaseIterable, Hashable, Sendable {
    case top, bottom
}

// swiftui/unitpoint
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    // swiftui/unitpoint/init(x:y:)
    public init(x: CGFloat, y: CGFloat) { fatalError() }
}
#endif
