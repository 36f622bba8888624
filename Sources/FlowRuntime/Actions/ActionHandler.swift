import FlowCore

/// One link of the dispatcher's chain: it answers whether it handled the action.
///
/// Handlers answer synchronously, so a tap's effect (a toast, a sheet) is ordered with the
/// tap; slow work (an `api` call) goes through `ActionContext.run`, which the dispatcher tracks.
@MainActor
public protocol ActionHandler {
    /// A name for the action log.
    var name: String { get }
    /// Handles `action` and returns `true`, or returns `false` to let older handlers try.
    func handle(_ action: ActionData, context: ActionContext) -> Bool
}

/// A handler made of a closure, for the host's actions (`deeplink`, `add_to_cart`, …).
public struct ClosureActionHandler: ActionHandler {
    public let name: String
    private let body: @MainActor (ActionData, ActionContext) -> Bool

    public init(name: String, _ body: @escaping @MainActor (ActionData, ActionContext) -> Bool) {
        self.name = name
        self.body = body
    }

    /// A handler for the action types in `types` only.
    public init(name: String, types: Set<String>, _ body: @escaping @MainActor (ActionData, ActionContext) -> Void) {
        self.name = name
        self.body = { action, context in
            guard types.contains(action.type) else { return false }
            body(action, context)
            return true
        }
    }

    public func handle(_ action: ActionData, context: ActionContext) -> Bool {
        body(action, context)
    }
}
