import FlowTerminal
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The pipe signals are written to: opened once, before any handler is installed, both ends
/// close-on-exec. A global, so that the handler reads it without capturing anything.
private let signalPipeEnds: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return (-1, -1) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
}()

/// The handler: the one thing it does is write the signal's number to the pipe, which
/// `write(2)` may do in a signal handler.
private let writeSignalNumber: @convention(c) (Int32) -> Void = { number in
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeEnds.write, &byte, 1)
}

/// Signals delivered as ordinary calls on a thread of their own: `listen` installs a handler
/// with `sigaction` before it returns, so a signal sent once it has returned is never lost (a
/// Dispatch signal source registers later, and a SIGTERM sent right after a server announced
/// itself was ignored, the server never stopping). The handler writes the signal's number to a
/// pipe; the thread reads it and calls the listener.
final class SignalPipe: Sendable {
    static let shared = SignalPipe()

    private let listeners = Mutex<[Int32: @Sendable (Int32) -> Void]>([:])

    private init() {
        let readEnd = signalPipeEnds.read
        let thread = Thread { [self] in
            Thread.current.name = "vitrine-signals"
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 {
                    let number = Int32(byte)
                    listeners.withLock { $0[number] }?(number)
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        thread.start()
    }

    /// Calls `listener` on the signals' thread for every `number` received from now on.
    func listen(to number: Int32, _ listener: @escaping @Sendable (Int32) -> Void) {
        listeners.withLock { $0[number] = listener }
        SignalHandler.install(writeSignalNumber, for: number)
    }

    /// Gives `number` its default action back and forgets its listener.
    func stopListening(to number: Int32) {
        signal(number, SIG_DFL)
        listeners.withLock { $0[number] = nil }
    }
}
