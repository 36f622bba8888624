/// How a platform's navigation stack shows the `Navigator` (SwiftUI's `NavigationStack` with a
/// path), and what the navigator does when the reader goes back in it: the one rule both
/// directions follow, so a change made by one side is never taken for the other's.
///
/// The home page is the stack's root, so the path is what is above it; the cart on top is a
/// sheet over the path rather than a pushed screen (anywhere else in the stack it is a screen).
public struct NavigatorPresentation: Sendable, Hashable {
    /// The destinations pushed above the home page, as the stack shows them.
    public var path: [Destination]
    /// Whether the cart is open as a sheet over them.
    public var showsCart: Bool
    /// Whether the navigator's top is a link no screen shows (a deeplink the app cannot open):
    /// it is not pushed (a page saying nothing would be); the platform goes back and says so
    /// (`ShopperWord.linkNoScreen` in a toast), as the terminal does.
    public var opensNoScreen: Bool

    public init(stack: [Destination]) {
        var above = Array(stack.dropFirst())
        if case .link? = above.last {
            opensNoScreen = true
            above.removeLast()
        } else {
            opensNoScreen = false
        }
        showsCart = above.last == .cart
        path = showsCart ? Array(above.dropLast()) : above
    }

    /// Whether the cart sheet is over a page (the path's top, or home when the path is empty):
    /// that page presents it, over the page's own sheets (FlowPresentation's `SheetLayers`), as
    /// the terminal draws it. Over a screen of the app's own (search), the root presents it.
    /// Never both: a second presenter while one presents is refused by SwiftUI.
    public var isCartOverAPage: Bool {
        guard showsCart else { return false }
        guard let top = path.last else { return true }
        if case .page = top { return true }
        return false
    }

    /// Whether the cart sheet is over a screen of the app's own, and the root presents it.
    public var isCartOverAnAppScreen: Bool {
        showsCart && !isCartOverAPage
    }

    /// A screen of the path with its depth (1 for the first above home): the same destination
    /// twice in the stack (a product, another, the first again) is two screens, so a platform
    /// can tell which one is on top.
    public struct Screen: Sendable, Hashable {
        public let depth: Int
        public let destination: Destination
    }

    /// The path as screens, bottom to top.
    public var screens: [Screen] {
        path.enumerated().map { Screen(depth: $0.offset + 1, destination: $0.element) }
    }

    /// Whether the screen at `depth` (0 the home page) is the one on top of the path: the one
    /// whose impressions count and which presents the page's sheets (the cart sheet over it
    /// hides impressions on its own).
    public func isOnTop(depth: Int) -> Bool {
        depth == path.count
    }

    /// How many times the navigator goes back when the platform's stack shows `shown` (the
    /// reader tapped back or swiped): the screens `shown` dropped from this path. Nothing when
    /// `shown` is this path (the platform followed the navigator) or is not a shorter start of
    /// it (not a way back), so following the navigator never moves it again.
    public func backs(toShow shown: [Destination]) -> Int {
        guard shown.count < path.count, path.starts(with: shown) else { return 0 }
        return path.count - shown.count
    }
}
