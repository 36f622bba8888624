import FlowCore
import Synchronization

/// Analytics events received (CONTRACT §9): each `event_id` counted once per sender, counts
/// by name.
///
/// Ids and names are compared by their UTF-8 bytes (`ExactText`) and arrive bounded in bytes
/// (128 and 64, `HomeBackend.receiveEvents`). De-duplication is scoped to the sender
/// (`EventIDWindows`: the `X-Vitrine-User`, or an anonymous client's address) and keeps ids as
/// 16-byte fingerprints (`EventFingerprint`); names are counted in a bounded space-saving table
/// (`EventNameCounts`). Stats are at most `nameCapacity + 1` counts, copied under the lock and
/// sorted and written outside it.
final class EventLog: Sendable {
    struct State: Sendable {
        var seen: EventIDWindows
        var names: EventNameCounts
        var accepted = 0
        var duplicates = 0
    }

    private let state: Mutex<State>

    /// The most `GET /v1/events/stats` can weigh with the default 256 names: 257 members of a
    /// quoted name of 64 bytes each written as `\u00XX` (386), a colon, a count of up to 20
    /// digits and a comma, and the frame around them: 257 × 408 + 64 bytes.
    static let maxStatsBytes = 105_000

    init(idCapacity: Int, idsPerSender: Int = 1_000, nameCapacity: Int = 256) {
        state = Mutex(State(seen: EventIDWindows(capacity: idCapacity, perScope: idsPerSender),
                            names: EventNameCounts(capacity: nameCapacity)))
    }

    /// Ids remembered now, over all senders.
    var rememberedIDs: Int { state.withLock { $0.seen.count } }

    /// Records a batch of `(event_id, name)` from one sender; answers how many were new and how
    /// many repeats (also repeats within the batch).
    func record(_ events: [(id: String, name: String)], from sender: String) -> (accepted: Int, duplicates: Int) {
        // Fingerprints and byte copies are made before the lock is taken.
        let scope = ExactText(sender)
        let batch = events.map { (id: EventFingerprint(ExactText($0.id)), name: ExactText($0.name)) }
        return state.withLock { state in
            var accepted = 0
            var duplicates = 0
            for event in batch {
                if state.seen.contains(event.id, in: scope) {
                    duplicates += 1
                    continue
                }
                state.seen.insert(event.id, in: scope)
                accepted += 1
                state.names.count(event.name)
            }
            state.accepted += accepted
            state.duplicates += duplicates
            return (accepted, duplicates)
        }
    }

    /// `{accepted, duplicates, counts: {name: count}}` with names in byte order.
    func stats() -> JSONValue {
        let (accepted, duplicates, counts) = state.withLock { ($0.accepted, $0.duplicates, $0.names.all) }
        return [
            "accepted": .integer(accepted), "duplicates": .integer(duplicates),
            "counts": .members(counts.sorted { $0.name < $1.name }.map { ($0.name.text, .integer($0.count)) }),
        ]
    }
}
