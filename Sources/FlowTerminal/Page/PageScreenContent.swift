import FlowCore
import FlowPresentation
import FlowRuntime

/// What one frame of a page screen shows of the app's state: what the stores hold (load state,
/// page, next page), the presented sheets and toast, and the host's nav slot.
///
/// Where the screen is scrolled, and what has focus, is not here: it lives in the screen's
/// `PageViewport` alone, which the renderer takes `inout` (`PageRenderer.render`).
public struct PageScreenContent: Sendable {
    public var loadState: PageLoadState
    public var page: PageModel?
    public var nextPage: NextPageState
    public var hasMorePages: Bool
    /// Presented sheets, bottom to top.
    public var sheets: [SheetModel]
    /// The toast on screen.
    public var toast: String?
    /// What the host puts at the nav bar's trailing end (the cart and its count).
    public var navAccessory: NavAccessory?
    /// The host's own nav bar, drawn over the loading, empty and error screens of a page that
    /// has none yet, so the shopper keeps its name, search and cart while a page fails.
    public var statusNav: NavModel?
    /// What the screen says while there is no page (`PageStatus`), as the app decided it; nil
    /// draws the engine's own rule (`PageStatus.of`) with the load's own message, for tools.
    public var status: PageStatus?
    /// Changes whenever the page's content or its widgets' state changes, so the layout is
    /// measured again (`PageStore.contentGeneration` plus a state counter, say).
    public var contentVersion: Int

    public init(
        loadState: PageLoadState, page: PageModel?, nextPage: NextPageState = .idle, hasMorePages: Bool = false,
        sheets: [SheetModel] = [], toast: String? = nil, navAccessory: NavAccessory? = nil, contentVersion: Int = 0,
        statusNav: NavModel? = nil, status: PageStatus? = nil
    ) {
        self.loadState = loadState
        self.page = page
        self.nextPage = nextPage
        self.hasMorePages = hasMorePages
        self.sheets = sheets
        self.toast = toast
        self.navAccessory = navAccessory
        self.contentVersion = contentVersion
        self.statusNav = statusNav
        self.status = status
    }

    /// A loaded page with nothing else on screen.
    public static func showing(_ page: PageModel) -> PageScreenContent {
        PageScreenContent(loadState: .loaded, page: page, hasMorePages: page.pagination?.hasMore ?? false)
    }

    /// The row at the end of the list: loading while more pages exist (the app asks for the
    /// next page when the row comes near), the failure with retry when one failed.
    var paginationRow: PaginationRow? {
        switch nextPage {
        case .failed(let message): .failed(message: message)
        case .loading: .loading
        case .ended: .ended
        case .idle: hasMorePages ? .loading : nil
        }
    }
}

/// The host's slot at the nav bar's end: a label (the cart and its count) and what a click on
/// it fires.
public struct NavAccessory: Sendable {
    public var label: StyledText
    public var action: ActionData?

    public init(label: StyledText, action: ActionData? = nil) {
        self.label = label
        self.action = action
    }
}
