import FlowCore
import Foundation
import Synchronization

/// The catalogue a backend serves now, and what became of the last attempt to change it.
///
/// Requests take `current` once (one lock, one reference copy); a reload builds its snapshot
/// off the request path and swaps it in whole. A catalogue that does not load whole is not
/// swapped in: the last good one keeps serving and `status` says why, with file and line.
final class CatalogueStore: Sendable {
    /// What the server's status says of its catalogue.
    struct Status: Sendable {
        /// The refusal of the latest attempt, when it failed (cleared by the next success).
        var refused: [CatalogueProblem] = []
        /// When that attempt was made.
        var refusedAt: Date?
        /// Reloads applied and refused since the start.
        var reloads = 0
        var refusals = 0
    }

    private let snapshot: Mutex<CatalogueSnapshot>
    private let state = Mutex(Status())

    init(_ initial: CatalogueSnapshot) {
        snapshot = Mutex(initial)
    }

    var current: CatalogueSnapshot {
        snapshot.withLock { $0 }
    }

    var status: Status {
        state.withLock { $0 }
    }

    /// Serves `next` from now on.
    func apply(_ next: CatalogueSnapshot) {
        snapshot.withLock { $0 = next }
        state.withLock { status in
            status.refused = []
            status.refusedAt = nil
            status.reloads += 1
        }
    }

    /// The files hold what serves again: a refusal before is over.
    func confirm() {
        state.withLock { status in
            status.refused = []
            status.refusedAt = nil
        }
    }

    /// Keeps serving what serves, and remembers why `problems` were refused.
    func refuse(_ problems: [CatalogueProblem], at instant: Date) {
        state.withLock { status in
            status.refused = problems
            status.refusedAt = instant
            status.refusals += 1
        }
    }
}
