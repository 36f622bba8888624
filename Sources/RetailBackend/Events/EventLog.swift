import FlowCore
import Synchronization

/// Analytics events received (CONTRACT §9): each `event_id` counted once, counts by name.
///
/// Ids and names are compared by their UTF-8 bytes (`ExactText`) and arrive bounded in
/// bytes (128 and 64, `HomeBackend.receiveEvents`). Seen ids are bounded in count (oldest
/// forgotten first), and so are distinct names: past `nameCapacity`, new names are counted
/// under `(other)`. So the log holds at most `idCapacity` × 128 bytes of ids and
/// `nameCapacity` × 64 bytes of names, and stats are at most `nameCapacity` counts, copied
/// under the lock and sorted and written outside it.
///
/// The newest accepted events are kept whole too (at most `recentCapacity`, each at most
/// `recentEventBytes` as written), so a test can check what a client sent, identifiers and
/// all, and not only how many.
final class EventLog: Sendable {
    struct State: Sendable {
        var seen: BoundedDictionary<ExactText, Bool>
        var counts: [ExactText: Int] = [:]
        var accepted = 0
        var duplicates = 0
        var recent: [JSONValue] = []
    }

    static let otherName = ExactText("(other)")
    /// Accepted events kept whole, newest last. Default 100.
    static let recentCapacity = 100
    /// Larger events are counted but not kept whole.
    static let recentEventBytes = 4096
    private let nameCapacity: Int
    private let state: Mutex<State>

    init(idCapacity: Int, nameCapacity: Int = 256) {
        self.nameCapacity = nameCapacity
        state = Mutex(State(seen: BoundedDictionary(capacity: idCapacity)))
    }

    /// Records a batch of `(event_id, name)` with each event's object; answers how many were
    /// new and how many repeats (also repeats within the batch).
    func record(_ events: [(id: String, name: String, event: JSONValue)]) -> (accepted: Int, duplicates: Int) {
        // Byte copies and sizes are made before the lock is taken.
        let batch = events.map { event in
            // Not `cond ? event : nil`: JSONValue takes `nil` as its own null.
            let kept: JSONValue? = JSONWriter.data(for: event.event).count <= Self.recentEventBytes ? .some(event.event) : .none
            return (id: ExactText(event.id), name: ExactText(event.name), kept: kept)
        }
        return state.withLock { state in
            var accepted = 0
            var duplicates = 0
            for event in batch {
                if state.seen[event.id] != nil {
                    duplicates += 1
                    continue
                }
                state.seen.set(true, for: event.id)
                accepted += 1
                let name = state.counts[event.name] != nil || state.counts.count < nameCapacity ? event.name : Self.otherName
                state.counts[name, default: 0] += 1
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

    /// `{accepted, duplicates, counts: {name: count}, recent: [event]}` with names in byte
    /// order and the newest accepted events last.
    func stats() -> JSONValue {
        let (accepted, duplicates, counts, recent) = state.withLock { ($0.accepted, $0.duplicates, $0.counts, $0.recent) }
        return [
            "accepted": .integer(accepted), "duplicates": .integer(duplicates),
            "counts": .members(counts.sorted { $0.key < $1.key }.map { ($0.key.text, .integer($0.value)) }),
            "recent": .array(recent),
        ]
    }
}
