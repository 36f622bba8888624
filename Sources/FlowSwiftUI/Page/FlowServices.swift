import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
import ImagePipeline
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// What a page needs from the app besides its store, dispatcher and registry, for hosts that
/// cannot set SwiftUI's environment (`FlowHostingController`). Each value left nil keeps what
/// the environment around the page says (`flowImages(_:)`, …).
public struct FlowServices {
    /// Remote images; nil: the environment's (none by default: placeholders).
    public var images: ImagePipeline?
    /// What relative image URLs resolve against (the backend's origin).
    public var baseURL: URL?
    /// Impressions; nil: the environment's (none by default).
    public var impressions: ImpressionTracker?
    /// VoiceOver descriptions; nil: the environment's (the starter catalogue by default).
    public var accessibility: AccessibilityCatalog?
    /// The client nested widgets' requirements are checked for.
    public var client: ClientContext?
    /// The instant the page is resolved at (`AppComposition.expiry`); nil: the environment's,
    /// else a clock of the page's own that follows its store and sheets.
    public var expiry: ExpiryClock?
    /// Drawn at the trailing end of the nav bar after the page's buttons (the cart badge).
    public var navAccessory: AnyView?
    /// Whether the page is the one on top of its navigation stack, read as the page's body is
    /// (an observable source, such as the app's navigator, keeps it current). Only the top page
    /// presents the dispatcher's sheets (pages under it share the same stack) and counts
    /// impressions; a back swipe that shows the page below for a moment changes nothing
    /// unless it ends. Nil: the page is always on top (a host that pushes nothing over it).
    public var isOnTop: (@MainActor () -> Bool)?
    /// What the page says while it has no content, in the app's words and by its rules (a
    /// page that is gone offers no retry), given the store and its first load's attempts; nil:
    /// the engine's own rule with the load's message (`PageStatus.of`), for tools.
    public var status: (@MainActor (PageStore, PageStatus.Load) -> PageStatus?)?
    /// The app's own sheet (the retail app's cart), presented by the top page over its sheets
    /// (`SheetLayers`), so that every sheet comes from one chain of presentations; nil: none.
    public var hostSheet: FlowHostSheet?

    public init(
        images: ImagePipeline? = nil, baseURL: URL? = nil, impressions: ImpressionTracker? = nil,
        accessibility: AccessibilityCatalog? = nil, client: ClientContext? = nil, expiry: ExpiryClock? = nil, navAccessory: AnyView? = nil,
        isOnTop: (@MainActor () -> Bool)? = nil, status: (@MainActor (PageStore, PageStatus.Load) -> PageStatus?)? = nil,
        hostSheet: FlowHostSheet? = nil
    ) {
        self.hostSheet = hostSheet
        self.isOnTop = isOnTop
        self.status = status
        self.expiry = expiry
        self.images = images
        self.baseURL = baseURL
        self.impressions = impressions
        self.accessibility = accessibility
        self.client = client
        self.navAccessory = navAccessory
    }
}

/// A sheet of the app's own (the retail app's cart) that the top page presents above its
/// page sheets (`SheetLayers`).
public struct FlowHostSheet {
    /// Whether it is shown, read as the page's body is (an observable source keeps it current).
    public var isShown: @MainActor () -> Bool
    /// The reader dismissed it (a swipe, the grabber).
    public var dismissed: @MainActor () -> Void
    /// What it shows, with its own detents.
    public var content: @MainActor () -> AnyView

    public init(isShown: @escaping @MainActor () -> Bool, dismissed: @escaping @MainActor () -> Void, content: @escaping @MainActor () -> AnyView) {
        self.isShown = isShown
        self.dismissed = dismissed
        self.content = content
    }
}

struct FlowRegistryKey: EnvironmentKey {
    static let defaultValue: WidgetRegistry<AnyView>? = nil
}

extension EnvironmentValues {
    /// The registry the page draws with, for widgets that hold widgets (an accordion).
    var flowRegistry: WidgetRegistry<AnyView>? {
        get { self[FlowRegistryKey.self] }
        set { self[FlowRegistryKey.self] = newValue }
    }
}
