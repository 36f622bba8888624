import Observation

/// Where the user is: a stack of destinations over the home page, with back. Host actions
/// (`open_page`, `open_search`, `deeplink`) push onto it; the app shell renders the top and
/// keeps the screens below as they were.
@MainActor
@Observable
public final class Navigator {
    /// The deepest the stack goes; a push beyond it is refused. Default 32.
    public static let maximumDepth = 32

    /// The screens open, the home page first.
    public private(set) var stack: [Destination] = [.page("home")]

    /// Called with each destination that leaves the stack (the composition releases its page store).
    @ObservationIgnored public var onLeave: (@MainActor (Destination) -> Void)?

    public init() {}

    /// The screen shown.
    public var current: Destination { stack[stack.count - 1] }

    /// Whether `back()` would leave a screen.
    public var canGoBack: Bool { stack.count > 1 }

    /// Opens `destination` over the current screen. Opening the screen already shown does
    /// nothing; returns `false` when the stack is full.
    @discardableResult
    public func open(_ destination: Destination) -> Bool {
        if current == destination { return true }
        guard stack.count < Self.maximumDepth else { return false }
        stack.append(destination)
        return true
    }

    /// Puts `destination` in the current screen's place (a product's other variant), so back
    /// goes where the current one would have; over the home page, which stays, it opens.
    @discardableResult
    public func replace(with destination: Destination) -> Bool {
        if current == destination { return true }
        guard stack.count > 1 else { return open(destination) }
        let left = stack.removeLast()
        stack.append(destination)
        if !stack.contains(left) { onLeave?(left) }
        return true
    }

    /// Leaves the current screen; `false` on the home page.
    @discardableResult
    public func back() -> Bool {
        guard stack.count > 1 else { return false }
        let left = stack.removeLast()
        if !stack.contains(left) { onLeave?(left) }
        return true
    }

    /// Back to the home page.
    public func popToRoot() {
        while back() {}
    }
}
