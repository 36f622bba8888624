// Declarations of SwiftUI's view modifiers and the values they take (transitions, animations,
// geometry), copied from Apple's documentation (the path after developer.apple.com/documentation/
// above each). Linux only; never run.
//
// The pages are the Xcode 27 SDK's and write `@ContentBuilder` for a content closure; the iOS 18
// SDK's form, `@ViewBuilder`, is declared here. Availability is the page's iOS and macOS line.
#if os(Linux)
import Foundation

extension View {
    // swiftui/view/padding(_:) (EdgeInsets)
    nonisolated public func padding(_ insets: EdgeInsets) -> some View { declared(EmptyView.self) }
    // swiftui/view/frame(width:height:alignment:)
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { declared(EmptyView.self) }
    // swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:)
    // (UNVERIFIED: this page is not in the stored documentation; the declaration agrees with
    // the iOS SDK interface quoted by third parties)
    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View { declared(EmptyView.self) }
    // swiftui/view/background(_:ignoressafeareaedges:)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View where S: ShapeStyle { declared(EmptyView.self) }
    // swiftui/view/clipshape(_:style:)
    nonisolated public func clipShape<S>(_ shape: S, style: FillStyle = FillStyle()) -> some View where S: Shape { declared(EmptyView.self) }
    // swiftui/view/overlay(alignment:content:)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View { declared(EmptyView.self) }
    // swiftui/view/border(_:width:)
    nonisolated public func border<S>(_ content: S, width: CGFloat = 1) -> some View where S: ShapeStyle { declared(EmptyView.self) }
    // swiftui/view/font(_:)
    nonisolated public func font(_ font: Font?) -> some View { declared(EmptyView.self) }
    // swiftui/view/foregroundstyle(_:)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { declared(EmptyView.self) }
    // swiftui/view/linelimit(_:)-513mb
    nonisolated public func lineLimit(_ number: Int?) -> some View { declared(EmptyView.self) }
    // swiftui/view/multilinetextalignment(_:)
    nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { declared(EmptyView.self) }
    // swiftui/view/aspectratio(_:contentmode:)
    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { declared(EmptyView.self) }
    // swiftui/view/ontapgesture(count:perform:)
    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { declared(EmptyView.self) }
    // swiftui/view/disabled(_:)
    nonisolated public func disabled(_ disabled: Bool) -> some View { declared(EmptyView.self) }
    // swiftui/view/scrollindicators(_:axes:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View { declared(EmptyView.self) }
    // swiftui/view/safeareainset(edge:alignment:spacing:content:)-4s51l (VerticalEdge)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func safeAreaInset<V>(edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> V) -> some View where V: View { declared(EmptyView.self) }
    // swiftui/view/environment(_:_:)
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { declared(EmptyView.self) }
    // swiftui/view/transition(_:)-5h5h0 (AnyTransition)
    nonisolated public func transition(_ t: AnyTransition) -> some View { declared(EmptyView.self) }
    // swiftui/view/animation(_:value:)
    nonisolated public func animation<V>(_ animation: Animation?, value: V) -> some View where V: Equatable { declared(EmptyView.self) }
    // swiftui/view/onappear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { declared(EmptyView.self) }
    // swiftui/view/ondisappear(perform:)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { declared(EmptyView.self) }
    // swiftui/view/onchange(of:initial:_:)-4psgg (old and new value)
    @available(iOS 17.0, macOS 14.0, *)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View where V: Equatable { declared(EmptyView.self) }
    // swiftui/view/onchange(of:initial:_:) (no value: the overload a closure that takes none resolves to)
    @available(iOS 17.0, macOS 14.0, *)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View where V: Equatable { declared(EmptyView.self) }
    // swiftui/view/ongeometrychange(for:of:action:)
    @available(iOS 16.0, macOS 13.0, *)
    @preconcurrency nonisolated public func onGeometryChange<T>(for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T, action: @escaping (T) -> Void) -> some View where T: Equatable, T: Sendable { declared(EmptyView.self) }
    // swiftui/view/containerrelativeframe(_:alignment:_:) (UNVERIFIED: the stored documentation
    // has the page's two siblings, not this overload; written from the iOS 17 SDK's interface)
    @available(iOS 17.0, macOS 14.0, *)
    nonisolated public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center, _ length: @escaping (CGFloat, Axis) -> CGFloat) -> some View { declared(EmptyView.self) }
    // swiftui/view/modifier(_:)
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }
    // swiftui/view/onopenurl(perform:)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> ()) -> some View { declared(EmptyView.self) }
    // swiftui/view/onsubmit(of:_:)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View { declared(EmptyView.self) }
    // swiftui/view/refreshable(action:)
    @available(iOS 15.0, macOS 12.0, *)
    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { declared(EmptyView.self) }
}

// swiftui/submittriggers
@available(iOS 15.0, macOS 12.0, *)
public struct SubmitTriggers: OptionSet {
    public let rawValue: UInt
    // swiftui/submittriggers/init(rawvalue:)
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // swiftui/submittriggers/text
    nonisolated(unsafe) public static let text: SubmitTriggers = { fatalError() }()
    // swiftui/submittriggers/search
    nonisolated(unsafe) public static let search: SubmitTriggers = { fatalError() }()
}

// swiftui/anytransition (`@frozen struct AnyTransition` on the page, which shows no Sendable
// conformance (hence its own `nonisolated(unsafe) static let` below). Declared without
// `@frozen`: an empty public @frozen struct is implicitly Sendable here, which would let our
// code send transitions where Apple's SDK would not; @frozen changes nothing else outside
// library evolution.)
public struct AnyTransition {
    // swiftui/anytransition/opacity
    nonisolated(unsafe) public static let opacity: AnyTransition = { fatalError() }()
    // swiftui/anytransition/move(edge:)
    public static func move(edge: Edge) -> AnyTransition { fatalError() }
}

// swiftui/animation (`@frozen struct Animation` on the page, with no conformances shown;
// declared without `@frozen` for AnyTransition's reason: no implicit Sendable)
public struct Animation {
    // swiftui/animation/easeinout(duration:)
    public static func easeInOut(duration: TimeInterval) -> Animation { fatalError() }
}

// swiftui/geometryproxy
public struct GeometryProxy {
    // swiftui/geometryproxy/size
    public var size: CGSize { fatalError() }
    // swiftui/geometryproxy/frame(in:)-4d7dw (the CoordinateSpace overload, iOS 13: the one
    // `frame(in: .global)` resolves to)
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { fatalError() }
    // swiftui/geometryproxy/frame(in:) (CoordinateSpaceProtocol)
    @available(iOS 17.0, macOS 14.0, *)
    public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { fatalError() }
}

// swiftui/coordinatespaceprotocol
@available(iOS 17.0, macOS 14.0, *)
public protocol CoordinateSpaceProtocol {
    // swiftui/coordinatespaceprotocol/coordinatespace
    var coordinateSpace: CoordinateSpace { get }
}

// swiftui/globalcoordinatespace
@available(iOS 17.0, macOS 14.0, *)
public struct GlobalCoordinateSpace: CoordinateSpaceProtocol {
    // swiftui/globalcoordinatespace/init()
    public init() { fatalError() }
    // swiftui/coordinatespaceprotocol/coordinatespace
    public var coordinateSpace: CoordinateSpace { fatalError() }
}

@available(iOS 17.0, macOS 14.0, *)
extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
    // swiftui/coordinatespaceprotocol/global
    public static var global: GlobalCoordinateSpace { fatalError() }
}

// swiftui/coordinatespace (every case Apple's has)
public enum CoordinateSpace {
    // swiftui/coordinatespace/global
    case global
    // swiftui/coordinatespace/local
    case local
    // swiftui/coordinatespace/named(_:) (LISTED: the enumeration's page lists it as `case
    // named(AnyHashable)`; its own page was not returned)
    case named(AnyHashable)
}
#endif
