#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Reads the terminal's input on a thread of its own, so the main actor never blocks on a
/// read: it polls the input, the session's wake descriptor (a resize, a return from
/// suspension) and a pipe of its own that `stop()` writes to, and hands each chunk to the
/// loop as a `Chunk` on an `AsyncStream`.
///
/// `stop()` returns once the thread has left its poll, so the caller may then close the
/// descriptors it watched (the session's wake pipe closes when the session ends).
final class InputReader: Sendable {
    /// What the thread saw.
    enum Chunk: Sendable {
        case bytes([UInt8])
        /// The session's wake descriptor became readable: look at its flags.
        case wake
        /// The input ended (the terminal went away).
        case closed
    }

    let chunks: AsyncStream<Chunk>
    private let continuation: AsyncStream<Chunk>.Continuation
    private let stopWrite: Int32
    private let finished = DispatchSemaphore(value: 0)

    init(input: Int32, wake: Int32) {
        (chunks, continuation) = AsyncStream.makeStream(of: Chunk.self)
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        stopWrite = fds[1]
        let stopRead = fds[0]
        let continuation = self.continuation
        let finished = self.finished
        let thread = Thread {
            Thread.current.name = "vitrine-input"
            Self.watch(input: input, wake: wake, stop: stopRead, into: continuation)
            close(stopRead)
            continuation.finish()
            finished.signal()
        }
        thread.start()
    }

    /// Stops the thread and waits (at most a second) until it has stopped polling.
    func stop() {
        var byte: UInt8 = 1
        _ = write(stopWrite, &byte, 1)
        _ = finished.wait(timeout: .now() + 1)
        close(stopWrite)
    }

    private static func watch(input: Int32, wake: Int32, stop: Int32, into continuation: AsyncStream<Chunk>.Continuation) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var watched = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                continuation.yield(.closed)
                return
            }
            if watched[2].revents != 0 { return }
            if watched[1].revents & Int16(POLLIN) != 0 { continuation.yield(.wake) }
            let inputEvents = watched[0].revents
            if inputEvents & Int16(POLLIN) != 0 {
                let count = read(input, &buffer, buffer.count)
                if count > 0 {
                    continuation.yield(.bytes(Array(buffer[0..<count])))
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    continuation.yield(.closed)
                    return
                }
            } else if inputEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                continuation.yield(.closed)
                return
            }
        }
    }
}
