import FlowCore
import Synchronization

/// Experiment exposures (CONTRACT §9, Decisions): a shopper is exposed to a variant when a
/// section of the experiment is first seen, which is the first `impression` event carrying the
/// section's `experiment_id` and `experiment_variant` (the ≥ 50 % rule, applied by the client),
/// not when a page is composed, which says nothing of what was seen.
///
/// Counted once per shopper (the session's shopper id), experiment and variant, per process
/// (several instances each count their own), and only for experiments and variants the catalogue runs,
/// so no client can grow the table with names of its own. Who was counted is remembered in
/// `EventIDWindows` (the heaviest sender pays first when it is full), so a shopper forgotten
/// after a very long time could count again.
final class ExposureLog: Sendable {
    private struct State: Sendable {
        var seen: EventIDWindows
        /// Experiment id → variant id → shoppers exposed.
        var counts: [ExactText: [ExactText: Int]] = [:]
    }

    private let state: Mutex<State>

    init(capacity: Int, perShopper: Int = 64) {
        state = Mutex(State(seen: EventIDWindows(capacity: max(1, capacity), perScope: perShopper)))
    }

    /// Counts the exposures among `events` from `sender`; `isKnown` says whether the catalogue
    /// runs an experiment with that variant.
    func record(_ events: [JSONValue], from sender: String, isKnown: (String, String) -> Bool) {
        let exposures: [(experiment: String, variant: String)] = events.compactMap { event in
            guard event["name"]?.stringValue?.isByteEqual(to: "impression") == true,
                let experiment = event["experiment_id"]?.stringValue, let variant = event["experiment_variant"]?.stringValue,
                isKnown(experiment, variant)
            else { return nil }
            return (experiment, variant)
        }
        guard !exposures.isEmpty else { return }
        let scope = ExactText(sender)
        state.withLock { state in
            for exposure in exposures {
                let key = EventFingerprint(ExactText(exposure.experiment + "\u{0}" + exposure.variant))
                guard !state.seen.contains(key, in: scope) else { continue }
                state.seen.insert(key, in: scope)
                state.counts[ExactText(exposure.experiment), default: [:]][ExactText(exposure.variant), default: 0] += 1
            }
        }
    }

    /// `{experiment: {variant: shoppers}}`, names in byte order.
    func stats() -> JSONValue {
        let counts = state.withLock { $0.counts }
        return .members(counts.sorted { $0.key < $1.key }.map { experiment, variants in
            (experiment.text, .members(variants.sorted { $0.key < $1.key }.map { ($0.key.text, .integer($0.value)) }))
        })
    }
}
