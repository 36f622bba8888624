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

/// What the page's views share without a service locator: SwiftUI's environment, set by the
/// host that composes the app (`FlowPageView` sets the actions; the app sets the rest with
/// `flowImages(_:)`, `flowImpressions(_:)`, `flowAccessibility(_:)`, `flowBaseURL(_:)`).
struct FlowImagesKey: EnvironmentKey {
    static let defaultValue: ImagePipeline? = nil
}

struct FlowWordsKey: EnvironmentKey {
    static let defaultValue = EngineWords.keys
}

struct FlowHostContextKey: EnvironmentKey {
    static let defaultValue: (any Sendable)? = nil
}

struct FlowAccessibilityKey: EnvironmentKey {
    static let defaultValue: AccessibilityCatalog = StarterAccessibility.catalog
}

struct FlowActionsKey: EnvironmentKey {
    static let defaultValue: FlowActions? = nil
}

struct FlowFeedKey: EnvironmentKey {
    static let defaultValue: PlacementFeed? = nil
}

struct FlowPlacementLayerKey: EnvironmentKey {
    static let defaultValue = 0
}

struct FlowImpressionsKey: EnvironmentKey {
    static let defaultValue: ImpressionTracker? = nil
}

struct FlowBaseURLKey: EnvironmentKey {
    static let defaultValue: URL? = nil
}

struct FlowClientKey: EnvironmentKey {
    /// None set: a page takes its store's (`FlowPageView.client`), else the most careful one.
    static let defaultValue: ClientContext? = nil
}

struct FlowThemeKey: EnvironmentKey {
    static let defaultValue: DefaultTheme = DefaultTheme()
}

extension EnvironmentValues {
    /// Where remote images come from; without one, images stay placeholders.
    public var flowImages: ImagePipeline? {
        get { self[FlowImagesKey.self] }
        set { self[FlowImagesKey.self] = newValue }
    }

    /// The engine's words in the shopper's language, as the app gives them. Default: none
    /// (each reads as its key).
    public var flowWords: EngineWords {
        get { self[FlowWordsKey.self] }
        set { self[FlowWordsKey.self] = newValue }
    }

    /// The host app's own state the accessibility descriptions read
    /// (`AccessibilityEnvironment.hostContext`). Default: none.
    public var flowHostContext: (any Sendable)? {
        get { self[FlowHostContextKey.self] }
        set { self[FlowHostContextKey.self] = newValue }
    }

    /// How widgets read to VoiceOver. Default: the starter widgets' catalogue.
    public var flowAccessibility: AccessibilityCatalog {
        get { self[FlowAccessibilityKey.self] }
        set { self[FlowAccessibilityKey.self] = newValue }
    }

    /// What a tap fires, and on which page.
    public var flowActions: FlowActions? {
        get { self[FlowActionsKey.self] }
        set { self[FlowActionsKey.self] = newValue }
    }

    /// Where a page's widgets report their frames (the page's own feed over the tracker).
    var flowPlacements: PlacementFeed? {
        get { self[FlowFeedKey.self] }
        set { self[FlowFeedKey.self] = newValue }
    }

    /// How high the widgets here are drawn for impressions (`WidgetPlacement.layer`): 0 the
    /// scrolling body, 1 a sticky strip or a section header.
    var flowPlacementLayer: Int {
        get { self[FlowPlacementLayerKey.self] }
        set { self[FlowPlacementLayerKey.self] = newValue }
    }

    /// The app's impression tracker; without one, no impression is counted.
    public var flowImpressions: ImpressionTracker? {
        get { self[FlowImpressionsKey.self] }
        set { self[FlowImpressionsKey.self] = newValue }
    }

    /// What relative image URLs resolve against: the backend's origin.
    public var flowBaseURL: URL? {
        get { self[FlowBaseURLKey.self] }
        set { self[FlowBaseURLKey.self] = newValue }
    }

    /// The client requirements are checked against (the app's version and capabilities).
    /// Default: inside a page, the client its store resolves next pages for (the app's, when
    /// `AppComposition` made the store); else version 0 with no capability, the most careful.
    public var flowClient: ClientContext {
        get { self[FlowClientKey.self] ?? ClientContext.careful }
        set { self[FlowClientKey.self] = newValue }
    }

    /// The client a host set, if any.
    var flowClientIfSet: ClientContext? {
        self[FlowClientKey.self]
    }

    /// The brand's colours and fonts. Default: `DefaultTheme`.
    public var flowTheme: DefaultTheme {
        get { self[FlowThemeKey.self] }
        set { self[FlowThemeKey.self] = newValue }
    }
}

extension ClientContext {
    /// Version 0, no capability: nothing gated is shown by mistake.
    static let careful = ClientContext(appVersion: AppVersion(major: 0))
}

extension View {
    /// Images through `pipeline`, relative URLs against `baseURL`.
    public func flowImages(_ pipeline: ImagePipeline?, baseURL: URL? = nil) -> some View {
        environment(\.flowImages, pipeline).environment(\.flowBaseURL, baseURL)
    }

    /// Impressions counted by `tracker` (each page feeds it its widgets' visible fractions).
    public func flowImpressions(_ tracker: ImpressionTracker?) -> some View {
        environment(\.flowImpressions, tracker)
    }

    /// Requirements of nested widgets checked for `client`.
    public func flowClient(_ client: ClientContext) -> some View {
        environment(\.flowClient, client)
    }

    /// Descriptions for VoiceOver from `catalog` (the app's: starter and retail widgets).
    public func flowAccessibility(_ catalog: AccessibilityCatalog) -> some View {
        environment(\.flowAccessibility, catalog)
    }

    /// The engine's words (states of a page, the end of a list, what VoiceOver adds) from the
    /// app's catalogue, in the shopper's language.
    public func flowWords(_ words: EngineWords) -> some View {
        environment(\.flowWords, words)
    }

    /// The host app's own state its accessibility descriptions read (what it marks on its
    /// widgets), as the terminal's `RenderEnvironment.hostContext`.
    public func flowHostContext(_ context: (any Sendable)?) -> some View {
        environment(\.flowHostContext, context)
    }
}
