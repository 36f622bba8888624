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

/// A server-driven page in SwiftUI: what its `PageStore` holds, drawn with `registry`, its
/// taps through `dispatcher`. It follows the architecture's failure table as the terminal
/// does: a full-screen retry when the first load fails with nothing to show, the page kept
/// and a toast when a refresh fails, a retry row when a next page fails.
///
/// The nav bar carries the page's title and subtitle, its buttons and its background colour
/// (and the host's accessory, the cart badge); the header and footer strips stay outside the
/// scroll when sticky; sections follow their arrangements; pull to refresh asks the store when
/// the page allows it; the next page is asked for as the end comes into view; the dispatcher's
/// sheet stack is presented as a stack (each sheet from the one below it) at the contract's
/// detents; toasts come from the dispatcher's queue and are announced to VoiceOver.
public struct FlowPageView: View {
    let store: PageStore
    let dispatcher: ActionDispatcher
    let registry: WidgetRegistry<AnyView>
    let services: FlowServices

    @State private var actions: FlowActions
    @Environment(\.flowImpressions) private var inheritedImpressions
    /// This page's frames, fed to the app's impression tracker.
    @State private var feed: PlacementFeed?
    /// The images of the widgets after those on screen, loading ahead (`PagePrefetch`).
    @State private var prefetch: PagePrefetch?
    @Environment(\.displayScale) private var displayScale
    /// The frames of the sheets presented over the page, by level: they cover its widgets.
    @State private var sheetFrames: [Int: CGRect] = [:]
    @Environment(\.flowImages) private var inheritedImages
    @Environment(\.flowBaseURL) private var inheritedBaseURL
    @Environment(\.flowAccessibility) private var inheritedAccessibility
    @Environment(\.flowClient) private var environmentClient
    @Environment(\.flowClientIfSet) private var hostClient
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme
    @Environment(\.locale) private var locale
    @Environment(\.flowWords) private var words
    /// The first load's attempts, seen over the store's states (`PageAttempts`).
    @State private var load = PageStatus.Load(state: .idle)
    @Environment(\.flowExpiry) private var inheritedExpiry
    /// The page's own expiry clock, when the host gives none (`FlowServices.expiry`).
    @State private var ownExpiry: ExpiryClock?

    /// A view of `store`'s page drawn with the registry the store was made with
    /// (`PageStore(pageID:loader:registry:)`); a store made from a decoder alone is drawn with
    /// the starter views (`StarterViews.makeRegistry()`).
    public init(store: PageStore, dispatcher: ActionDispatcher, services: FlowServices = FlowServices()) {
        self.init(store: store, dispatcher: dispatcher, registry: Self.registry(of: store), services: services)
    }

    /// The registry `FlowPageView(store:dispatcher:)` draws `store` with.
    static func registry(of store: PageStore) -> WidgetRegistry<AnyView> {
        store.registry(of: AnyView.self) ?? StarterViews.makeRegistry()
    }

    public init(store: PageStore, dispatcher: ActionDispatcher, registry: WidgetRegistry<AnyView>, services: FlowServices = FlowServices()) {
        self.store = store
        self.dispatcher = dispatcher
        self.registry = registry
        self.services = services
        _actions = State(initialValue: FlowActions(dispatcher: dispatcher, store: store))
    }

    public var body: some View {
        let isOnTop = services.isOnTop?() ?? true
        return stateContent
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
            .background(theme.color("background", for: systemScheme))
            .navigationTitle(Text(verbatim: AccessibilityText.spoken(store.page?.nav?.title) ?? ""))
            .toolbar { toolbarItems }
            .modifier(NavBarBackground(color: store.page?.nav?.backgroundColor.map { Color(theme.color($0, scheme: themeScheme(systemScheme))) }))
            .overlay(alignment: .bottom) { ToastView(queue: dispatcher.toasts) }
            // Only the top page presents: the pages under it share the dispatcher's stack. The
            // host's sheet comes over the page's, from the same chain.
            .flowSheets(dispatcher.sheets, level: 0, registry: registry, presenting: isOnTop, host: services.hostSheet, onFrame: sheetMoved)
            .onChange(of: store.state, initial: true) { _, state in
                var next = PageStatus.Load(state: state)
                PageAttempts.carry(into: &next, from: load, hasPage: store.page != nil)
                load = next
            }
            .onChange(of: store.page?.requestID, initial: true) { _, _ in
                placements?.show(store.page)
            }
            .onChange(of: isOnTop, initial: true) { _, onTop in placements?.setOnTop(onTop) }
            .onAppear(perform: start)
            .onDisappear {
                placements?.disappeared()
                prefetch?.stop()
            }
            .environment(\.flowActions, actions)
            .environment(\.flowRegistry, registry)
            .environment(\.flowPlacements, placements)
            .environment(\.flowImages, services.images ?? inheritedImages)
            .environment(\.flowBaseURL, services.baseURL ?? inheritedBaseURL)
            .environment(\.flowAccessibility, services.accessibility ?? inheritedAccessibility)
            .environment(\.flowClient, client)
            .environment(\.flowExpiry, expiry)
    }

    private var placements: PlacementFeed? { feed }

    /// The client the page is resolved for: the host's (`FlowServices.client`, `flowClient(_:)`),
    /// else the one its store resolves next pages for (`AppComposition`'s), else the most careful.
    private var client: ClientContext {
        services.client ?? hostClient ?? store.nextPagePacing.context?().client ?? environmentClient
    }

    /// The instant the page and its sheets are resolved at: the host's clock, else the page's own.
    private var expiry: ExpiryClock? { services.expiry ?? inheritedExpiry ?? ownExpiry }

    @ViewBuilder
    private var stateContent: some View {
        if store.state == .loaded, let page = store.page {
            PageBody(page: page, store: store, registry: registry, client: client)
        } else if let status = services.status?(store, load) ?? PageStatus.of(load, words: words) {
            StatusView(status: status, retry: status.kind == .empty ? store.refresh : store.retry)
        }
    }

    /// The left button, the title with its subtitle (the principal item: the system's title
    /// has no subtitle on iOS 18), the right buttons and the host's accessory; each button is
    /// the VoiceOver element the reading order gives it.
    @ToolbarContentBuilder
    private var toolbarItems: some ToolbarContent {
        let nav = store.page?.nav
        let elements = navElements
        ToolbarItem(placement: .navigation) {
            if let left = nav?.leftButton {
                ButtonAtomView(button: left, widgetID: "nav", widget: nil, sectionID: nil, reading: PartReading(part: 0, of: "nav", in: elements, separate: true))
            }
        }
        ToolbarItem(placement: .principal) {
            if let nav, nav.title != nil || nav.subtitle != nil {
                VStack(alignment: .center, spacing: 0) {
                    if let title = nav.title { FlowText(text: title, base: ResolvedFont(size: 17, weight: .semibold)) }
                    if let subtitle = nav.subtitle { FlowText(text: subtitle, base: ResolvedFont(size: 12), isSecondary: true) }
                }
                .flowAccessibilityGroup(elements.first { $0.role == .header }) { actions.perform($0, widgetID: "nav", widget: nil, sectionID: nil) }
            }
        }
        ToolbarItem(placement: .primaryAction) {
            HStack(alignment: .center, spacing: 12) {
                ForEach(Array((nav?.rightButtons ?? []).enumerated()), id: \.offset) { index, button in
                    ButtonAtomView(
                        button: button, widgetID: "nav", widget: nil, sectionID: nil,
                        reading: PartReading(part: index + 1, of: "nav", in: elements, separate: true))
                }
                if let accessory = services.navAccessory { accessory }
            }
        }
    }

    private var navElements: [AccessibilityElement] {
        guard let nav = store.page?.nav else { return [] }
        let environment = AccessibilityEnvironment(locale: locale, words: words, evaluation: .flow(client: client, expiry: expiry))
        return ReadingOrder(catalog: services.accessibility ?? inheritedAccessibility, environment: environment).navElements(nav)
    }

    /// Loads the page the first time it is shown; a failed refresh is told as a toast unless
    /// the host already routes the store's notices (`AppComposition` does).
    private func start() {
        if store.onNotice == nil {
            let toasts = dispatcher.toasts
            store.onNotice = { notice in
                switch notice {
                case .refreshFailed(let message), .nextPageFailed(let message): toasts.show(message)
                }
            }
        }
        if feed == nil, let tracker = services.impressions ?? inheritedImpressions {
            feed = PlacementFeed(tracker: tracker, flush: .nextTurn)
            feed?.setOnTop(services.isOnTop?() ?? true)
            feed?.show(store.page)
        }
        // Shown again (pushed, or the page over it went); it reports while on top.
        feed?.appeared()
        if expiry == nil {
            let clock = ExpiryClock(clock: ContinuousClock(), now: { Date() })
            clock.watch(store)
            clock.watch(dispatcher.sheets)
            ownExpiry = clock
        }
        if prefetch == nil, let feed, let pipeline = services.images ?? inheritedImages {
            let prefetch = PagePrefetch(prefetcher: ImagePrefetcher(pipeline: pipeline))
            let (baseURL, scale, client, expiry) = (services.baseURL ?? inheritedBaseURL, Double(displayScale), client, expiry)
            feed.onReport = { page, visible, viewport in
                // Resolved as PageBody resolves it, so a section not shown loads nothing.
                prefetch.update(
                    page: page, visible: visible, viewportWidth: viewport.width, scale: scale, baseURL: baseURL,
                    context: .flow(client: client, expiry: expiry))
            }
            self.prefetch = prefetch
        }
        if store.state == .idle { store.loadInitial() }
    }

    /// A sheet moved or closed: what the sheets cover of the page changes.
    private func sheetMoved(level: Int, frame: CGRect?) {
        sheetFrames[level] = frame
        placements?.setCovers(sheetFrames.keys.sorted().compactMap { sheetFrames[$0] }.map(LayoutRect.init), from: .sheets)
    }
}

/// The nav bar in the page's `bg_color` (from the theme, so in dark mode too) when it has one;
/// the system's bar otherwise.
private struct NavBarBackground: ViewModifier {
    let color: Color?

    @ViewBuilder
    func body(content: Content) -> some View {
        if let color {
            content
                .toolbarBackground(color, for: .automatic)
                .toolbarBackgroundVisibility(.visible, for: .automatic)
        } else {
            content
        }
    }
}
