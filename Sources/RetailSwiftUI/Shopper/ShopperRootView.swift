import FlowCore
import FlowPresentation
import FlowRuntime
import FlowSwiftUI
import Foundation
import RetailKit
import RetailPresentation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The shopper's app on `AppComposition`: the home page in a `NavigationStack` whose path is
/// RetailKit's `Navigator` (campaigns, categories and products pushed as `open_page` and
/// deeplinks say; back pops the navigator, by `NavigatorPresentation`'s rule both ways), search
/// with the backend's suggestions (RetailPresentation's `SearchScreen`: submitting opens the
/// chosen suggestion, or the query's results page, as Enter does in the terminal), the cart as
/// a sheet (`CartSheet`), the cart badge in every page's nav bar, and each page's status and
/// notices in the shopper's words (`ShopperPageStatus`, `Notice`; a saved copy's age above the
/// page, `SavedCopyNote`): the terminal app's rules,
/// read from its models. Impressions, taps and add-to-cart reach analytics through the
/// composition's wiring.
public struct ShopperRootView: View {
    let composition: AppComposition
    @State private var registry = RetailViews.makeRegistry()
    /// The navigator's stack above home, as the NavigationStack shows it (the cart is a sheet).
    @State private var path: [NavigatorPresentation.Screen] = []
    /// The system search field's screen: its query, suggestions and choice (`SearchScreen`).
    @State private var search = SearchScreen()
    @State private var query = ""
    @State private var showsCart = false
    /// The cart sheet over a screen of the app's own (search), which the root presents; over a
    /// page, the page presents it above its sheets (`NavigatorPresentation.isCartOverAPage`).
    @State private var presentsCartFromRoot = false
    @Environment(\.locale) private var locale
    @Environment(\.scenePhase) private var scenePhase

    public init(composition: AppComposition) {
        self.composition = composition
    }

    private var words: Words { locale.shopperWords }

    public var body: some View {
        var current = search
        current.update(composition.searchSummary)
        let suggestions = current.presentation(words: words)
        return NavigationStack(path: $path) {
            page("home", depth: 0)
                .navigationDestination(for: NavigatorPresentation.Screen.self) { shown in
                    screen(for: shown.destination, depth: shown.depth)
                }
        }
        .searchable(text: $query, placement: .automatic, prompt: Text(verbatim: suggestions.placeholder))
        .searchSuggestions {
            // What the terminal's search screen lists: all results for the query, what the list
            // says when it has nothing (type more, looking, none, failed), the suggestions.
            if let allResults = suggestions.allResults {
                Button(action: { perform { $0.submit() } }) { Text(verbatim: allResults) }
            }
            if let status = suggestions.status { Text(verbatim: status) }
            ForEach(Array(suggestions.rows.enumerated()), id: \.offset) { _, row in
                Button(action: { perform { $0.open(row.suggestion) } }) { Text(verbatim: [row.text, row.kind].joined(separator: " · ")) }
            }
        }
        .onSubmit(of: .search) { perform { $0.submit() } }
        .onChange(of: query, initial: false) { _, text in
            perform { $0.replace(with: text) }
            // The suggestions cover the page while there is a query.
            composition.impressions.setHidden(!text.isEmpty, by: .overlay)
        }
        .onChange(of: composition.searchSummary, initial: false) { _, summary in search.update(summary) }
        // Nothing counts while the app is in the background, behind a system alert or in the
        // app switcher, nor under the cart sheet (it dims what it leaves in view).
        .onChange(of: scenePhase, initial: true) { _, phase in composition.impressions.setHidden(phase != .active, by: .inactiveScene) }
        .onChange(of: showsCart, initial: false) { _, shows in composition.impressions.setHidden(shows, by: .sheet) }
        .onChange(of: composition.navigator.stack, initial: true) { _, stack in follow(stack) }
        // A `vitrine:` URL the system hands the app (the host registers the scheme).
        .onOpenURL { url in composition.navigator.open(deeplink: url.absoluteString) }
        .onChange(of: path, initial: false) { _, shown in wentBack(to: shown) }
        .sheet(isPresented: $presentsCartFromRoot, onDismiss: cartDismissed) { cartSheet }
        .environment(\.shopperMarks, composition.cartSummary.marks)
        .flowHostContext(composition.cartSummary.marks)
        .flowWords(words.engine)
        .flowImages(composition.images, baseURL: composition.configuration.backendURL)
        .flowImpressions(composition.impressions)
        .flowAccessibility(VitrineApp.accessibility)
        .flowClient(VitrineApp.clientContext)
        .flowExpiry(composition.expiry)
        .onAppear {
            composition.speak(words)
            composition.start()
        }
    }

    /// The page `id` at `depth` of the stack (0 home): on top by the navigator, which its body
    /// observes, never by the order of appearances (a cancelled back swipe makes the page
    /// below appear).
    private func page(_ id: PageID, depth: Int) -> some View {
        let navigator = composition.navigator
        let store = composition.pageStore(for: id)
        return FlowPageView(
            store: store, dispatcher: composition.dispatcher, registry: registry,
            services: FlowServices(
                navAccessory: AnyView(CartBadge(services: composition, open: { _ = navigator.open(.cart) })),
                isOnTop: { NavigatorPresentation(stack: navigator.stack).isOnTop(depth: depth) },
                status: { [words] store, load in ShopperPageStatus.status(of: store, load: load, words: words) },
                hostSheet: FlowHostSheet(
                    isShown: { NavigatorPresentation(stack: navigator.stack).isCartOverAPage },
                    dismissed: cartDismissed,
                    content: { AnyView(cartSheet) })))
            .safeAreaInset(edge: .top, spacing: 0) { SavedCopyNote(store: store) }
    }

    /// The cart as a sheet, whoever presents it.
    private var cartSheet: some View {
        CartSheetView(services: composition).presentationDetents([.medium, .large])
    }

    @ViewBuilder
    private func screen(for destination: Destination, depth: Int) -> some View {
        switch destination {
        case .page(let id): page(id, depth: depth)
        case .search(let query): SearchResultsView(services: composition, initialQuery: query)
        case .cart: CartSheetView(services: composition)
        case .link: Text(verbatim: words[EngineWord.nothingHere])
        }
    }

    /// The navigator moved: the stack shows what is above home, the cart on top as a sheet.
    private func follow(_ stack: [Destination]) {
        let presentation = NavigatorPresentation(stack: stack)
        if presentation.opensNoScreen {
            // A link no screen shows: back where it came from, saying so (the terminal's way).
            _ = composition.navigator.back()
            let notice = Notice.linkNoScreen(words: words)
            composition.dispatcher.toasts.show(notice.text, duration: notice.seconds)
        }
        if path != presentation.screens { path = presentation.screens }
        if showsCart != presentation.showsCart { showsCart = presentation.showsCart }
        if presentsCartFromRoot != presentation.isCartOverAnAppScreen { presentsCartFromRoot = presentation.isCartOverAnAppScreen }
    }

    /// The path changed: when the reader went back (the back button, a swipe), the navigator
    /// pops as many screens; when the path only followed the navigator, nothing more happens.
    private func wentBack(to shown: [NavigatorPresentation.Screen]) {
        let backs = NavigatorPresentation(stack: composition.navigator.stack).backs(toShow: shown.map(\.destination))
        for _ in 0..<backs { _ = composition.navigator.back() }
    }

    private func cartDismissed() {
        if composition.navigator.current == .cart { _ = composition.navigator.back() }
    }

    /// Runs a rule of the search screen and does what it asks; opening a page leaves the field
    /// empty behind it.
    private func perform(_ rule: (inout SearchScreen) -> SearchIntent?) {
        search.update(composition.searchSummary)
        guard let intent = rule(&search) else { return }
        composition.perform(intent)
        if case .open = intent { query = "" }
    }
}

/// The cart button of the nav bar, with the count of items (pending adds included) as a
/// badge; VoiceOver reads "Cart, 3 items in the cart".
struct CartBadge: View {
    let services: any ShopperScreenServices
    let open: @MainActor () -> Void
    @Environment(\.locale) private var locale
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    var body: some View {
        let badge = services.cartSummary.badge(words: locale.shopperWords)
        return Button(action: open) {
            ZStack(alignment: .topTrailing) {
                Image(systemName: "cart")
                if let count = badge.count {
                    Text(verbatim: badge.isPending ? count + " ◌" : count)
                        .flowFont(size: 11, weight: .bold)
                        .foregroundStyle(theme.color("background", for: systemScheme))
                        .padding(EdgeInsets(top: 1, leading: 4, bottom: 1, trailing: 4))
                        .background(theme.color("brand.primary", for: systemScheme))
                        .clipShape(Capsule(style: .continuous))
                }
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: badge.label))
        .accessibilityValue(Text(verbatim: badge.spoken))
        .accessibilityAddTraits(.isButton)
    }
}
