#if canImport(Glibc)
import Glibc
#endif
import CPTYSupport
import Foundation

/// A child process on a pseudo-terminal: its standard input and output are the PTY's slave
/// (its controlling terminal, in a session of its own), its standard error goes nowhere. The
/// test reads what it writes from the master side and checks the slave's settings with
/// `stty -g`, as a shell would see them.
final class PTYProcess {
    let master: Int32
    let slavePath: String
    private let slave: Int32
    let pid: pid_t
    private(set) var output: [UInt8] = []
    /// `stty -g` of the slave before the child was started: what it must give back.
    private(set) var settingsBefore = ""

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(executable: String, arguments: [String]) throws {
        var name = [CChar](repeating: 0, count: 128)
        master = vt_open_pty_master(&name, name.count)
        guard master >= 0 else { throw Failure(description: "no pseudo-terminal: errno \(errno)") }
        slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // The parent's own descriptor keeps the slave alive after the child dies, for stty.
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        // Read before the child runs: once it runs it may already have the terminal in raw mode.
        settingsBefore = try Self.stty(slavePath)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        vt_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session, so opening the slave makes it the child's controlling terminal.
        vt_spawnattr_reset_signals(&attributes, 1)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw Failure(description: "spawn failed: \(status)") }
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, WNOHANG)
        close(master)
        close(slave)
    }

    /// Reads until `output` ends with `suffix` (everything read so far stays in `output`), for at
    /// most `seconds`: a bound, so a broken child fails the test instead of hanging it.
    @discardableResult
    func read(untilSuffix suffix: [UInt8], seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !output.ends(with: suffix) {
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard remaining > 0 else { return false }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, remaining) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = Glibc.read(master, &chunk, chunk.count)
            if count > 0 { output += chunk[0..<count] } else if count < 0, errno != EINTR, errno != EAGAIN { return false }
        }
        return true
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    func signal(_ number: Int32) {
        kill(pid, number)
    }

    enum Outcome: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case stopped(Int32)
    }

    /// Waits for the child to exit, die or (with `stopped`) stop.
    func wait(stopped: Bool = false) -> Outcome {
        var status: Int32 = 0
        while waitpid(pid, &status, stopped ? WUNTRACED : 0) < 0, errno == EINTR {}
        let low = status & 0x7F
        if low == 0 { return .exited((status >> 8) & 0xFF) }
        if low == 0x7F { return .stopped((status >> 8) & 0xFF) }
        return .signalled(low)
    }

    /// `stty -g` of the slave: the settings a shell gets back.
    func stty() throws -> String {
        try Self.stty(slavePath)
    }

    private static func stty(_ slavePath: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/stty")
        process.arguments = ["-g", "-F", slavePath]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
