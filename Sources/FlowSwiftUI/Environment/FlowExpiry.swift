import FlowCore
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The instant pages are resolved at, as the terminal takes it: the runtime's `ExpiryClock`
/// (`AppComposition.expiry` in the app), which moves just after the next `expires_at` of
/// everything shown, so an expired section or widget leaves the screen when it expires, not
/// when something else happens to redraw it. `FlowPageView` makes one for its store and
/// sheets when the host gives none.
struct FlowExpiryKey: EnvironmentKey {
    static let defaultValue: ExpiryClock? = nil
}

extension EnvironmentValues {
    /// The clock pages are resolved at; nil outside a page (a preview: the current instant).
    public var flowExpiry: ExpiryClock? {
        get { self[FlowExpiryKey.self] }
        set { self[FlowExpiryKey.self] = newValue }
    }
}

extension View {
    /// Pages resolved at `clock`'s instant (the app's `AppComposition.expiry`).
    public func flowExpiry(_ clock: ExpiryClock?) -> some View {
        environment(\.flowExpiry, clock)
    }
}

extension EvaluationContext {
    /// `client` at `expiry`'s instant (observed: a view that asks is drawn again when it
    /// moves), or at the current instant without a clock. The one place the SwiftUI views
    /// take an instant.
    @MainActor
    static func flow(client: ClientContext, expiry: ExpiryClock?) -> EvaluationContext {
        EvaluationContext(client: client, now: expiry?.now ?? Date())
    }
}

extension EvaluationContext {
    /// `client` at `expiry`'s instant, or at `date` when that is later: a reading that follows
    /// the clock (a countdown) is read again at a `TimelineView`'s instants, which the expiry
    /// clock does not move for.
    @MainActor
    static func flow(client: ClientContext, expiry: ExpiryClock?, atLeast date: Date) -> EvaluationContext {
        let context = flow(client: client, expiry: expiry)
        return date > context.now ? EvaluationContext(client: client, now: date) : context
    }
}
