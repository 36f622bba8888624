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
///
/// The newest accepted events are kept whole too (at most `recentCapacity`, each at most
/// `recentEventBytes` as written), so a test can check what a client sent, identifiers and
/// all, and not only how many.
final class EventLog: Sendable {
    struct State: Sendable {
        var seen: EventIDWindows
        var names: EventNameCounts
        var accepted = 0
        var duplicates = 0
        var recent: [JSONValue] = []
    }

    /// Accepted events kept whole, newest last. Default 100.
    static let recentCapacity = 100
    /// Larger events are counted but not kept whole.
    static let recentEventBytes = 4096

    private let state: Mutex<State>

    /// The most `GET /v1/events/stats` can weigh with the default 256 names: 257 members of a
    /// quoted name of 64 bytes each written as `\u00XX` (386), a colon, a count of up to 20
    /// digits and a comma (257 × 408), the `recent` events (100 × 4,096 and their commas), and
    /// the frame around them.
    static let maxStatsBytes = 105_000 + recentCapacity * (recentEventBytes + 1)

    init(idCapacity: Int, idsPerSender: Int = 1_000, nameCapacity: Int = 256) {
        state = Mutex(State(seen: EventIDWindows(capacity: idCapacity, perScope: idsPerSender),
                            names: EventNameCounts(capacity: nameCapacity)))
    }

    /// Ids remembered now, over all senders.
    var rememberedIDs: Int { state.withLock { $0.seen.count } }

    /// Records a batch of `(event_id, name, event)` from one sender; answers how many were new
    /// and how many repeats (also repeats within the batch).
    func record(_ events: [(id: String, name: String, event: JSONValue)], from sender: String) -> (accepted: Int, duplicates: Int) {
        // Fingerprints, byte copies and sizes are made before the lock is taken.
        let scope = ExactText(sender)
        let batch = events.map { event in
            // Not `cond ? event : nil`: JSONValue takes `nil` as its own null.
            let kept: JSONValue? = JSONWriter.data(for: event.event).count <= Self.recentEventBytes ? .some(event.event) : .none
            return (id: EventFingerprint(ExactText(event.id)), name: ExactText(event.name), kept: kept)
        }
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
                if let kept = event.kept {
                    state.recent.append(kept)
                    if state.recent.count > Self.recentCapacity { state.recent.removeFirst(state.recent.count - Self.recentCapacity) }
                }
            }
            state.accepted += accepted
            state.duplicates += duplicates
            return (accepted, duplicates)
        }
    }

    /// Records events that carry nothing but their id and name (tests and tools).
    func record(_ events: [(id: String, name: String)], from sender: String) -> (accepted: Int, duplicates: Int) {
        record(events.map { (id: $0.id, name: $0.name, event: JSONValue.object(JSONObject([("event_id", .string($0.id)), ("name", .string($0.name))]))) }, from: sender)
    }

    /// `{accepted, duplicates, counts: {name: count}, recent: [event]}` with names in byte
    /// order and the newest accepted events last.
    func stats() -> JSONValue {
        let (accepted, duplicates, counts, recent) = state.withLock { ($0.accepted, $0.duplicates, $0.names.all, $0.recent) }
        return [
            "accepted": .integer(accepted), "duplicates": .integer(duplicates),
            "counts": .members(counts.sorted { $0.name < $1.name }.map { ($0.name.text, .integer($0.count)) }),
            "recent": .array(recent),
        ]
    }
}
