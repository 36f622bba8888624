#if canImport(Glibc)
import Glibc
#endif
import CPTYSupport
import Foundation

/// The `vitrine` binary run as a person runs it, on a pseudo-terminal of its own (its
/// controlling terminal, in a new session), with standard error on a pipe the bench reads.
/// What it draws is read from the terminal's master side and thrown away, so it never blocks
/// writing a frame; a primary device attributes request (`CSI c`) in it is answered as every
/// terminal answers it (as a VT220), so the app's terminal probe ends as it would on a real one.
final class TerminalChild {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    private let master: Int32
    private let errors: Int32
    private var errorText = ""

    init(executable: String, arguments: [String], environment: [String: String], columns: Int, rows: Int) throws {
        var name = [CChar](repeating: 0, count: 128)
        master = vt_open_pty_master(&name, name.count)
        guard master >= 0 else { throw Failure(description: "no pseudo-terminal: errno \(errno)") }
        let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        close(slave)
        var fds: [Int32] = [-1, -1]
        guard vt_pipe_close_on_exec(&fds) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
        errors = fds[0]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        vt_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own, the slave its controlling terminal.
        vt_spawnattr_reset_signals(&attributes, 1)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(fds[1])
        guard status == 0 else { throw Failure(description: "spawn failed: \(status)") }
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
        close(errors)
    }

    /// Reads until standard error holds a line `line`, draining the screen meanwhile, for at
    /// most `seconds`. Returns whether it came.
    func waitForLine(_ line: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !errorText.split(separator: "\n").contains(where: { $0 == line }) {
            let remaining = Int32(deadline.timeIntervalSinceNow * 1000)
            guard remaining > 0 else { return false }
            var watched = [pollfd(fd: master, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            guard poll(&watched, 2, remaining) > 0 else { continue }
            if watched[0].revents != 0 { drainScreen(&chunk) }
            if watched[1].revents != 0 {
                let count = read(errors, &chunk, chunk.count)
                if count > 0 { errorText += String(decoding: chunk[0..<count], as: UTF8.self) } else if count == 0 { return false }
            }
        }
        return true
    }

    /// Reads what the app drew and answers a DA1 request in it (`CSI c` or `CSI 0 c`).
    private func drainScreen(_ chunk: inout [UInt8]) {
        let count = read(master, &chunk, chunk.count)
        guard count > 0 else { return }
        let drawn = chunk[0..<count]
        let requests = [Array("\u{1B}[c".utf8), Array("\u{1B}[0c".utf8)]
        if requests.contains(where: { request in drawn.indices.contains { drawn[$0...].starts(with: request) } }) {
            send("\u{1B}[?62;22c")
        }
    }

    /// Types `text` on the terminal.
    func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Waits (draining the screen) until the child exits; its status, or `nil` after `seconds`.
    func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            var watched = [pollfd(fd: master, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            if poll(&watched, 2, 50) > 0 {
                if watched[0].revents != 0 { drainScreen(&chunk) }
                if watched[1].revents != 0 {
                    let count = read(errors, &chunk, chunk.count)
                    if count > 0 { errorText += String(decoding: chunk[0..<count], as: UTF8.self) }
                }
            }
        }
        return nil
    }

    /// What the child wrote to standard error.
    var standardError: String { errorText }
}
