#if canImport(Glibc)
import Glibc
#endif
import CommandLineSupport
import FlowTerminal

/// `VitrineTestChild terminal-session normal|trap`: a test-only command. It takes the
/// terminal on standard input and output as the app does (raw mode, the full-screen modes),
/// then waits for `q` (normal: the session ends as the app quits) or traps at once. Signals
/// sent to it meanwhile take the session's own exit paths. The mode tests run it in a PTY and
/// check the bytes it writes and the terminal settings it leaves.
enum TerminalSessionProbe {
    static func run(_ arguments: [String], console: Console) -> Int32 {
        let mode = arguments.first ?? "normal"
        guard ["normal", "trap"].contains(mode) else {
            console.err("usage: VitrineTestChild terminal-session normal|trap")
            return 2
        }
        // A deliberate crash must not leave a core file behind.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        let session: TerminalSession
        do {
            session = try TerminalSession.start(input: 0, output: 1, modes: TerminalModes())
        } catch {
            console.err("VitrineTestChild terminal-session: \(error)")
            return 1
        }
        if mode == "trap" {
            preconditionFailure("a deliberate trap: the terminal-restore test")
        }
        var byte: UInt8 = 0
        while true {
            let count = read(0, &byte, 1)
            if count == 1, byte == UInt8(ascii: "q") { break }
            if count == 1 || (count < 0 && errno == EINTR) { continue }
            break
        }
        session.end()
        return 0
    }
}
