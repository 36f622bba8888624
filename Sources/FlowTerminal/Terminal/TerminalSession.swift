#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Why a terminal session could not start.
public enum TerminalSessionError: Error, Equatable, CustomStringConvertible {
    case notATerminal
    case alreadyActive
    case settings(errno: Int32)

    public var description: String {
        switch self {
        case .notATerminal: "standard input is not a terminal"
        case .alreadyActive: "a terminal session is already active in this process"
        case .settings(let code): "the terminal's settings could not be changed (errno \(code))"
        }
    }
}

/// A full-screen session on a terminal: raw input, the modes on, and the terminal given back
/// exactly as it was on every way out.
///
/// `start` saves the settings, installs the signal handlers, switches to raw mode and writes
/// the modes' enter bytes; `end` writes the exit bytes and restores the settings. SIGINT,
/// SIGTERM, SIGHUP and a Swift trap (SIGILL, SIGTRAP) restore from the handler and then die of
/// the signal; SIGTSTP restores and stops, and SIGCONT takes the terminal again and asks for a
/// repaint (`takeRepaintRequest`). One session per process: the handlers are process-wide.
public final class TerminalSession: Sendable {
    public let input: Int32
    public let output: Int32
    public let modes: TerminalModes
    private let state = Mutex<Bool>(true)
    private let wakeRead: Int32
    private let wakeWrite: Int32

    private static let active = Mutex<Bool>(false)

    private init(input: Int32, output: Int32, modes: TerminalModes, wakeRead: Int32, wakeWrite: Int32) {
        self.input = input
        self.output = output
        self.modes = modes
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
    }

    /// Takes over the terminal on `input` and `output`.
    public static func start(input: Int32 = 0, output: Int32 = 1, modes: TerminalModes = TerminalModes()) throws(TerminalSessionError) -> TerminalSession {
        guard isatty(input) == 1 else { throw .notATerminal }
        let claimed = active.withLock { taken in
            if taken { return false }
            taken = true
            return true
        }
        guard claimed else { throw .alreadyActive }
        var original = termios()
        guard tcgetattr(input, &original) == 0 else {
            active.withLock { $0 = false }
            throw .settings(errno: errno)
        }
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        let session = TerminalSession(input: input, output: output, modes: modes, wakeRead: fds[0], wakeWrite: fds[1])
        let context = UnsafeMutablePointer<SignalContext>.allocate(capacity: 1)
        context.initialize(to: SignalContext(
            input: input, output: output, original: original, raw: RawMode.make(from: original),
            enter: Self.buffer(modes.enterSequence), exit: Self.buffer(modes.exitSequence), wake: fds[1]))
        SignalFlags.prepare()
        activeSignalContext = context
        SessionSignals.install()
        guard tcsetattr(input, TCSANOW, &context.pointee.raw) == 0 else {
            let code = errno
            session.end()
            throw .settings(errno: code)
        }
        writeAll(output, context.pointee.enter)
        return session
    }

    /// Gives the terminal back: the exit bytes, the original settings, the default handlers.
    /// Safe to call more than once.
    public func end() {
        let wasActive = state.withLock { running in
            defer { running = false }
            return running
        }
        guard wasActive, let context = activeSignalContext else { return }
        SessionSignals.uninstall()
        writeAll(output, context.pointee.exit)
        _ = tcsetattr(input, TCSANOW, &context.pointee.original)
        activeSignalContext = nil
        context.pointee.enter.deallocate()
        context.pointee.exit.deallocate()
        context.deinitialize(count: 1)
        context.deallocate()
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
        Self.active.withLock { $0 = false }
    }

    deinit {
        end()
    }

    /// Writes `bytes` in one call where the kernel takes them (a frame is one `write`).
    public func write(_ bytes: [UInt8]) {
        var copy = bytes
        copy.withUnsafeMutableBufferPointer { writeAll(output, $0) }
    }

    /// The terminal's size in columns and rows, if it says.
    public func size() -> (columns: Int, rows: Int)? {
        TerminalSize.of(output)
    }

    /// Whether the session came back from a suspension (or a SIGCONT) since last asked: the
    /// host then calls `TerminalWriter.invalidate()` and draws a frame.
    public func takeRepaintRequest() -> Bool {
        SignalFlags.needsRepaint.exchange(false, ordering: .relaxed)
    }

    /// Whether the terminal was resized since last asked.
    public func takeResize() -> Bool {
        SignalFlags.resized.exchange(false, ordering: .relaxed)
    }

    /// A descriptor that becomes readable when a signal wants the loop's attention; poll it with
    /// the input and drain it with `drainWakeups`.
    public var wakeDescriptor: Int32 { wakeRead }

    public func drainWakeups() {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &scratch, scratch.count) > 0 {}
    }

    private static func buffer(_ bytes: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }
}
