import FlowCore
import Synchronization

/// Analytics events received (CONTRACT §9): each `event_id` counted once, counts by name.
///
/// Seen ids are bounded (oldest forgotten first), and so are distinct names: past
/// `nameCapacity`, new names are counted under `(other)`, so hostile names cannot grow
/// the stats without end.
final class EventLog: Sendable {
    struct State: Sendable {
        var seen: BoundedDictionary<String, Bool>
        var counts: [String: Int] = [:]
        var accepted = 0
        var duplicates = 0
    }

    static let otherName = "(other)"
    private let nameCapacity: Int
    private let state: Mutex<State>

    init(idCapacity: Int, nameCapacity: Int = 256) {
        self.nameCapacity = nameCapacity
        state = Mutex(State(seen: BoundedDictionary(capacity: idCapacity)))
    }

    /// Records a batch of `(event_id, name)`; answers how many were new and how many repeats
    /// (also repeats within the batch).
    func record(_ events: [(id: String, name: String)]) -> (accepted: Int, duplicates: Int) {
        state.withLock { state in
            var accepted = 0
            var duplicates = 0
            for event in events {
                if state.seen[event.id] != nil {
                    duplicates += 1
                    continue
                }
                state.seen.set(true, for: event.id)
                accepted += 1
                let name = state.counts[event.name] != nil || state.counts.count < nameCapacity ? event.name : Self.otherName
                state.counts[name, default: 0] += 1
            }
            state.accepted += accepted
            state.duplicates += duplicates
            return (accepted, duplicates)
        }
    }

    /// `{accepted, duplicates, counts: {name: count}}` with names sorted.
    func stats() -> JSONValue {
        state.withLock { state in
            [
                "accepted": .integer(state.accepted), "duplicates": .integer(state.duplicates),
                "counts": .members(state.counts.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value)) }),
            ]
        }
    }
}
