import FlowCore
import Synchronization

/// What this process counted of the analytics events it accepted (CONTRACT §9), for
/// `GET /v1/events/stats`: counts by name and the newest events whole. Which events are new is
/// the store's to say (each shopper's de-duplication window is state that survives restarts
/// and is shared by every instance); the counts are this process's, since it started.
///
/// Names are counted in a bounded space-saving table (`EventNameCounts`). Stats are at most
/// `nameCapacity + 1` counts, copied under the lock and sorted and written outside it. The
/// newest accepted events are kept whole too (at most `recentCapacity`, each at most
/// `recentEventBytes` as written), so an operator or a test can check what a client sent,
/// identifiers and all, and not only how many.
final class EventLog: Sendable {
    struct State: Sendable {
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

    init(nameCapacity: Int = 256) {
        state = Mutex(State(names: EventNameCounts(capacity: nameCapacity)))
    }

    /// Counts the accepted events of a batch, `(name, event)`, and its repeats.
    func count(accepted events: [(name: String, event: JSONValue)], duplicates: Int) {
        // Sizes and byte copies are made before the lock is taken.
        let batch = events.map { event in
            // Not `cond ? event : nil`: JSONValue takes `nil` as its own null.
            let kept: JSONValue? = JSONWriter.data(for: event.event).count <= Self.recentEventBytes ? .some(event.event) : .none
            return (name: ExactText(event.name), kept: kept)
        }
        state.withLock { state in
            for event in batch {
                state.names.count(event.name)
                if let kept = event.kept {
                    state.recent.append(kept)
                    if state.recent.count > Self.recentCapacity { state.recent.removeFirst(state.recent.count - Self.recentCapacity) }
                }
            }
            state.accepted += batch.count
            state.duplicates += duplicates
        }
    }

    /// Counts accepted events that carry nothing but their name (tests and tools).
    func count(names: [String]) {
        count(accepted: names.map { (name: $0, event: JSONValue.object(JSONObject([("name", .string($0))]))) }, duplicates: 0)
    }

    /// Events accepted and refused as repeats so far.
    var totals: (accepted: Int, duplicates: Int) {
        state.withLock { ($0.accepted, $0.duplicates) }
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
