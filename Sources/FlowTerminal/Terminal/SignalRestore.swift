#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// What the signal handlers need, in memory that stays put: the file descriptors, the terminal
/// settings to restore and to reapply, and the pre-built enter and exit bytes. A handler may do
/// almost nothing (no allocation, no locks), so everything it writes is built before it is
/// installed, and it only calls `write`, `tcsetattr`, `signal`, `raise` and `kill`, all
/// async-signal-safe.
struct SignalContext {
    var input: Int32
    var output: Int32
    var original: termios
    var raw: termios
    var enter: UnsafeMutableBufferPointer<UInt8>
    var exit: UnsafeMutableBufferPointer<UInt8>
    var wake: Int32
}

/// The one session's context, read by the handlers. Safe without a lock because it is written
/// only while no handler is installed (before `install`, after `uninstall`), and the handlers
/// only read it; one terminal session exists per process at a time (`TerminalSession` enforces it).
nonisolated(unsafe) var activeSignalContext: UnsafeMutablePointer<SignalContext>?

/// Set by SIGCONT (the session came back: repaint everything) and SIGWINCH (the size changed).
/// Atomics are lock-free, so a handler may set them; touched once before handlers exist so their
/// lazy initialisation never runs inside one.
enum SignalFlags {
    static let needsRepaint = Atomic<Bool>(false)
    static let resized = Atomic<Bool>(false)

    static func prepare() {
        _ = needsRepaint.load(ordering: .relaxed)
        _ = resized.load(ordering: .relaxed)
    }
}

/// Writes all of `buffer` to `fd`, retrying after interruptions; gives up on any other error.
func writeAll(_ fd: Int32, _ buffer: UnsafeMutableBufferPointer<UInt8>) {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
        let written = write(fd, base + offset, buffer.count - offset)
        if written > 0 {
            offset += written
        } else if written < 0, errno == EINTR {
            continue
        } else {
            return
        }
    }
}

/// Gives the terminal back: the exit bytes, then the settings as they were.
func releaseTerminalFromHandler() {
    guard let context = activeSignalContext else { return }
    writeAll(context.pointee.output, context.pointee.exit)
    _ = tcsetattr(context.pointee.input, TCSANOW, &context.pointee.original)
}

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT and the traps (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS,
/// SIGFPE): give the terminal back, then die of the same signal with its default action.
let fatalSignalHandler: @convention(c) (Int32) -> Void = { number in
    releaseTerminalFromHandler()
    signal(number, SIG_DFL)
    raise(number)
}

/// SIGTSTP (Ctrl-Z from a shell, or `kill -TSTP`): give the terminal back, then stop. SIGSTOP
/// cannot be caught or blocked, so the process stops here, inside the handler.
let suspendSignalHandler: @convention(c) (Int32) -> Void = { _ in
    releaseTerminalFromHandler()
    kill(getpid(), SIGSTOP)
}

/// SIGCONT: take the terminal again (settings, then the enter bytes) and ask for a full repaint.
let continueSignalHandler: @convention(c) (Int32) -> Void = { _ in
    guard let context = activeSignalContext else { return }
    _ = tcsetattr(context.pointee.input, TCSANOW, &context.pointee.raw)
    writeAll(context.pointee.output, context.pointee.enter)
    SignalFlags.needsRepaint.store(true, ordering: .relaxed)
    wakeFromHandler(context.pointee.wake)
}

/// SIGWINCH: note the resize and wake the input loop.
let resizeSignalHandler: @convention(c) (Int32) -> Void = { _ in
    SignalFlags.resized.store(true, ordering: .relaxed)
    if let context = activeSignalContext { wakeFromHandler(context.pointee.wake) }
}

func wakeFromHandler(_ fd: Int32) {
    guard fd >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)
}

/// The signals a session handles, and how.
enum SessionSignals {
    static let fatal: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    static func install() {
        for number in fatal { set(number, fatalSignalHandler) }
        set(SIGTSTP, suspendSignalHandler)
        set(SIGCONT, continueSignalHandler)
        set(SIGWINCH, resizeSignalHandler)
    }

    static func uninstall() {
        for number in fatal + [SIGTSTP, SIGCONT, SIGWINCH] { signal(number, SIG_DFL) }
    }

    private static func set(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
        SignalHandler.install(handler, for: number)
    }
}

/// Installs a signal handler with `sigaction` (interrupted calls restarted, no other signal
/// blocked while it runs): in place when it returns.
public enum SignalHandler {
    public static func install(_ handler: @convention(c) (Int32) -> Void, for number: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }
}
