import FlowCore
import FlowRuntime

/// Everything one frame of a page screen shows: what the stores hold (load state, page, next
/// page, sheets, toast) and what the screen itself keeps (scroll offsets, the host's nav slot).
public struct PageScreenState: Sendable {
    public var loadState: PageLoadState
    public var page: PageModel?
    public var nextPage: NextPageState
    public var hasMorePages: Bool
    /// Presented sheets, bottom to top.
    public var sheets: [SheetModel]
    /// The toast on screen.
    public var toast: String?
    /// Rows the body is scrolled down.
    public var scroll: Int
    /// Columns each carousel is scrolled, by section id.
    public var carouselOffsets: [String: Int]
    /// Rows the top sheet's body is scrolled down.
    public var sheetScroll: Int
    /// What the host puts at the nav bar's trailing end (a cart badge).
    public var navAccessory: StyledText?
    /// Changes whenever the page's content or its widgets' state changes, so the layout is
    /// measured again (`PageStore.contentGeneration` plus a state counter, say).
    public var contentVersion: Int

    public init(
        loadState: PageLoadState, page: PageModel?, nextPage: NextPageState = .idle, hasMorePages: Bool = false,
        sheets: [SheetModel] = [], toast: String? = nil, scroll: Int = 0, carouselOffsets: [String: Int] = [:],
        sheetScroll: Int = 0, navAccessory: StyledText? = nil, contentVersion: Int = 0
    ) {
        self.loadState = loadState
        self.page = page
        self.nextPage = nextPage
        self.hasMorePages = hasMorePages
        self.sheets = sheets
        self.toast = toast
        self.scroll = scroll
        self.carouselOffsets = carouselOffsets
        self.sheetScroll = sheetScroll
        self.navAccessory = navAccessory
        self.contentVersion = contentVersion
    }

    /// A loaded page with nothing else on screen.
    public static func showing(_ page: PageModel, scroll: Int = 0) -> PageScreenState {
        PageScreenState(loadState: .loaded, page: page, hasMorePages: page.pagination?.hasMore ?? false, scroll: scroll)
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
