import Foundation

/// SIGHUP, the daemon's "read your configuration again", delivered as an ordinary call
/// (`SignalPipe`): `vitrine serve --catalogue DIR` reloads its catalogue on it (the backend
/// coalesces reloads).
final class ReloadSignal: Sendable {
    init(_ onSignal: @escaping @Sendable () -> Void) {
        SignalPipe.shared.listen(to: SIGHUP) { _ in onSignal() }
    }

    func cancel() {
        SignalPipe.shared.stopListening(to: SIGHUP)
    }
}
