import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
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
/// The nav bar carries the page's title and buttons (and the host's accessory, the cart
/// badge); the header and footer strips stay outside the scroll when sticky; sections follow
/// their arrangements; pull to refresh asks the store; the next page is asked for as the end
/// comes into view; sheets open at the contract's detents; toasts come from the dispatcher's
/// queue and are announced to VoiceOver.
public struct FlowPageView: View {
    let store: PageStore
    let dispatcher: ActionDispatcher
    let registry: WidgetRegistry<AnyView>
    let services: FlowServices

    @State private var actions: FlowActions
    @State private var presentedSheet: SheetStack.Entry?
    /// The stack entry on screen, so a dismissal by the reader pops that one and no other.
    @State private var shownSheetID: Int?
    @Environment(\.flowImpressions) private var inheritedImpressions
    /// This page's frames, fed to the app's impression tracker.
    @State private var feed: PlacementFeed?
    @Environment(\.flowImages) private var inheritedImages
    @Environment(\.flowBaseURL) private var inheritedBaseURL
    @Environment(\.flowAccessibility) private var inheritedAccessibility
    @Environment(\.flowClient) private var inheritedClient

    public init(store: PageStore, dispatcher: ActionDispatcher, registry: WidgetRegistry<AnyView>, services: FlowServices = FlowServices()) {
        self.store = store
        self.dispatcher = dispatcher
        self.registry = registry
        self.services = services
        _actions = State(initialValue: FlowActions(dispatcher: dispatcher, store: store))
    }

    public var body: some View {
        stateContent
            .navigationTitle(Text(verbatim: AccessibilityText.spoken(store.page?.nav?.title) ?? ""))
            .toolbar { toolbarItems }
            .overlay(alignment: .bottom) { ToastView(queue: dispatcher.toasts) }
            .sheet(item: $presentedSheet, onDismiss: dismissSheet) { entry in
                SheetView(entry: entry, registry: registry)
            }
            .onChange(of: dispatcher.sheets.entries.last?.id, initial: true) { _, _ in
                presentedSheet = dispatcher.sheets.entries.last
                shownSheetID = presentedSheet?.id
            }
            .onChange(of: store.page?.requestID, initial: true) { _, _ in
                placements?.show(store.page)
            }
            .onAppear(perform: start)
            .environment(\.flowActions, actions)
            .environment(\.flowRegistry, registry)
            .environment(\.flowPlacements, placements)
            .environment(\.flowImages, services.images ?? inheritedImages)
            .environment(\.flowBaseURL, services.baseURL ?? inheritedBaseURL)
            .environment(\.flowAccessibility, services.accessibility ?? inheritedAccessibility)
            .environment(\.flowClient, services.client ?? inheritedClient)
    }

    private var placements: PlacementFeed? { feed }

    @ViewBuilder
    private var stateContent: some View {
        switch store.state {
        case .idle, .loading:
            StatusView(kind: .loading, retry: nil)
        case .failed(let message):
            StatusView(kind: .failed(message), retry: store.retry)
        case .empty:
            StatusView(kind: .empty, retry: store.refresh)
        case .loaded:
            if let page = store.page {
                PageBody(page: page, store: store, registry: registry, client: services.client ?? inheritedClient)
            }
        }
    }

    @ToolbarContentBuilder
    private var toolbarItems: some ToolbarContent {
        ToolbarItem(placement: .navigation) {
            if let left = store.page?.nav?.leftButton {
                ButtonAtomView(button: left, widgetID: "nav", sectionID: nil, element: navElements.first)
            }
        }
        ToolbarItem(placement: .primaryAction) {
            HStack(spacing: 12) {
                ForEach(Array((store.page?.nav?.rightButtons ?? []).enumerated()), id: \.offset) { _, button in
                    ButtonAtomView(button: button, widgetID: "nav", sectionID: nil)
                }
                if let accessory = services.navAccessory { accessory }
            }
        }
    }

    private var navElements: [AccessibilityElement] {
        guard let nav = store.page?.nav else { return [] }
        let environment = AccessibilityEnvironment(evaluation: EvaluationContext(client: inheritedClient, now: Date()))
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
            feed = PlacementFeed(tracker: tracker)
            feed?.show(store.page)
        }
        if store.state == .idle { store.loadInitial() }
    }

    /// The reader dismissed the sheet (a swipe, or the grabber): the stack follows.
    private func dismissSheet() {
        guard let shown = shownSheetID, dispatcher.sheets.entries.last?.id == shown else { return }
        shownSheetID = nil
        _ = dispatcher.sheets.dismiss(force: true)
    }
}
