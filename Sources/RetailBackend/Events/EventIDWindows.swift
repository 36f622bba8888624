/// The event ids remembered for de-duplication, per scope (a user, or an anonymous client's
/// address), so that one client's flood of fresh ids pushes out only its own.
///
/// Each scope keeps its newest `perScope` ids (a client's retry is of its last batch or two);
/// all scopes together keep at most `capacity`. When that is full, the oldest id of the scope
/// holding the most goes first: the heaviest pays, so a client holding `n` ids loses one only
/// once every scope holds at most `n`, which takes `capacity / n` scopes. Empty scopes are
/// dropped.
struct EventIDWindows: Sendable {
    private struct Window: Sendable {
        var ids: Set<EventFingerprint> = []
        /// Oldest first from `head`.
        var order: [EventFingerprint] = []
        var head = 0

        var count: Int { ids.count }

        mutating func append(_ id: EventFingerprint) {
            ids.insert(id)
            order.append(id)
        }

        mutating func dropOldest() {
            guard head < order.count else { return }
            ids.remove(order[head])
            head += 1
            if head > 64, head * 2 > order.count {
                order.removeFirst(head)
                head = 0
            }
        }
    }

    let capacity: Int
    let perScope: Int
    private var windows: [ExactText: Window] = [:]
    /// Scopes by how many ids they hold (index 1…perScope).
    private var scopesBySize: [Set<ExactText>]
    /// The largest index of `scopesBySize` that may be non-empty.
    private var heaviest = 0
    private(set) var count = 0

    init(capacity: Int, perScope: Int) {
        self.capacity = max(1, capacity)
        self.perScope = max(1, min(perScope, self.capacity))
        scopesBySize = Array(repeating: [], count: self.perScope + 1)
    }

    func contains(_ id: EventFingerprint, in scope: ExactText) -> Bool {
        windows[scope]?.ids.contains(id) ?? false
    }

    /// Remembers an id the scope has not sent before.
    mutating func insert(_ id: EventFingerprint, in scope: ExactText) {
        if (windows[scope]?.count ?? 0) >= perScope {
            dropOldest(of: scope)
        } else if count >= capacity {
            while heaviest > 0, scopesBySize[heaviest].isEmpty { heaviest -= 1 }
            if let scope = scopesBySize[heaviest].first { dropOldest(of: scope) }
        }
        var window = windows.removeValue(forKey: scope) ?? Window()
        let before = window.count
        window.append(id)
        resize(scope, from: before, to: window.count)
        windows[scope] = window
        count += 1
    }

    private mutating func dropOldest(of scope: ExactText) {
        guard var window = windows.removeValue(forKey: scope) else { return }
        let before = window.count
        window.dropOldest()
        resize(scope, from: before, to: window.count)
        count -= before - window.count
        if window.count > 0 { windows[scope] = window }
    }

    private mutating func resize(_ scope: ExactText, from before: Int, to after: Int) {
        guard before != after else { return }
        if before > 0 { scopesBySize[before].remove(scope) }
        if after > 0 {
            scopesBySize[after].insert(scope)
            heaviest = max(heaviest, after)
        }
    }
}
