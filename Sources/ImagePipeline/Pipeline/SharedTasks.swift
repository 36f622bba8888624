/// In-flight work shared by everyone waiting for the same key: one task, many waiters.
///
/// Confined to the `ImagePipeline` actor (it is not Sendable and never leaves it). Each waiter
/// holds its own continuation, so a waiter that cancels is answered at once while the work
/// goes on for the others; the work is cancelled only when its last waiter has gone.
final class SharedTasks<Key: Hashable, Value: Sendable> {
    private struct Entry {
        var generation: Int
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Value, any Error>]
    }

    private var entries: [Key: Entry] = [:]
    private var keyOfWaiter: [Int: Key] = [:]
    private var nextGeneration = 0

    /// Adds a waiter for `key`. Returns the generation of a new entry when none was in flight
    /// (the caller then starts the work with `start(_:for:generation:)`), nil when it joined one.
    func join(_ key: Key, waiter: Int, continuation: CheckedContinuation<Value, any Error>) -> Int? {
        keyOfWaiter[waiter] = key
        if entries[key] != nil {
            entries[key]?.waiters[waiter] = continuation
            return nil
        }
        nextGeneration += 1
        entries[key] = Entry(generation: nextGeneration, task: nil, waiters: [waiter: continuation])
        return nextGeneration
    }

    /// Records the task doing the work of a new entry, so the last waiter can cancel it.
    func start(_ task: Task<Void, Never>, for key: Key, generation: Int) {
        guard entries[key]?.generation == generation else {
            task.cancel() // every waiter left before the work started
            return
        }
        entries[key]?.task = task
    }

    /// Answers a waiter that cancelled. When it was the last one, the entry is dropped and its
    /// work cancelled, so a later request for the key starts afresh.
    func cancel(waiter: Int) {
        guard let key = keyOfWaiter.removeValue(forKey: waiter),
            let continuation = entries[key]?.waiters.removeValue(forKey: waiter)
        else { return }
        continuation.resume(throwing: ImagePipeline.Error.cancelled)
        if let entry = entries[key], entry.waiters.isEmpty {
            entries[key] = nil
            entry.task?.cancel()
        }
    }

    /// Delivers the work's result to every waiter of that generation. A generation that was
    /// cancelled and replaced delivers nothing.
    func finish(_ key: Key, generation: Int, with result: Result<Value, any Error>) {
        guard let entry = entries[key], entry.generation == generation else { return }
        entries[key] = nil
        for (waiter, continuation) in entry.waiters {
            keyOfWaiter[waiter] = nil
            continuation.resume(with: result)
        }
    }

    /// The task doing `key`'s work, while it is in flight.
    func task(for key: Key) -> Task<Void, Never>? {
        entries[key]?.task
    }

    /// How many are waiting for `key` (for tests and diagnostics).
    func waiterCount(for key: Key) -> Int {
        entries[key]?.waiters.count ?? 0
    }

    /// How many keys have work in flight.
    var inFlightCount: Int { entries.count }
}
