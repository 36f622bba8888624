import Observation

/// Follows an `@Observable` value into the message loop: `changed` gets the value now and
/// again after every change, until the returned token is cancelled.
///
/// Observation calls back before the change lands (on `willSet`), so the new value is read
/// in a task on the main actor after it: one message per change that settled, never a torn one.
@MainActor
public final class Observing {
    private var isCancelled = false

    private init() {}

    /// Starts following `read`.
    public static func follow<Value>(_ read: @escaping @MainActor () -> Value, _ changed: @escaping @MainActor (Value) -> Void) -> Observing {
        let token = Observing()
        token.track(read, changed)
        return token
    }

    /// Stops: no more values are delivered.
    public func cancel() {
        isCancelled = true
    }

    private func track<Value>(_ read: @escaping @MainActor () -> Value, _ changed: @escaping @MainActor (Value) -> Void) {
        guard !isCancelled else { return }
        let value = withObservationTracking {
            read()
        } onChange: { [weak self] in
            Task { @MainActor in self?.track(read, changed) }
        }
        changed(value)
    }
}
