import Dispatch
import Foundation
import Synchronization

/// SIGHUP, the daemon's "read your configuration again", as a Dispatch source: `vitrine serve
/// --catalogue DIR` reloads its catalogue on it (signals arriving together are delivered once,
/// and the backend coalesces reloads anyway).
final class ReloadSignal: Sendable {
    private let source: Mutex<(any DispatchSourceSignal)?>

    init(_ onSignal: @escaping @Sendable () -> Void) {
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: DispatchQueue(label: "vitrine.reload-signal"))
        source.setEventHandler(handler: onSignal)
        source.resume()
        self.source = Mutex(source)
    }

    func cancel() {
        source.withLock { source in
            source?.cancel()
            source = nil
        }
        signal(SIGHUP, SIG_DFL)
    }
}
