#if canImport(Glibc)
import Glibc
import CPTYSupport
#endif
import Foundation

/// A `vitrine` process in a tmux pane of its own server, driven as a person would: keys sent
/// with `send-keys`, the screen read with `capture-pane`.
///
/// Waiting is on the pane's output: `pipe-pane` copies everything the process writes into a
/// FIFO the test reads, so `waitUntil` looks at the screen again only when something was
/// drawn, up to a deadline. Nothing sleeps to synchronise. Each session has its own server,
/// on a socket in its own temporary directory, and kills only that server.
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let socket: String
    private let directory: URL
    private let fifo: Int32
    private(set) var isClosed = false

    /// Whether tmux is installed (`scripts/setup.sh` installs it for `make test`).
    static var isInstalled: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `arguments` (the program first) in a `width` × `height` pane. When the program
    /// ends, the pane prints `exit=STATUS` and stays, so a test can look at what is left.
    init(_ arguments: [String], width: Int, height: Int, environment: [String: String] = [:]) throws {
        guard Self.isInstalled else { throw Failure(description: "tmux is not installed: run scripts/setup.sh") }
        let name = "vitrine-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = directory.appendingPathComponent("socket").path
        let fifoPath = directory.appendingPathComponent("output").path
        guard mkfifo(fifoPath, 0o600) == 0 else { throw Failure(description: "mkfifo failed: errno \(errno)") }
        // Opened first, without blocking, so the writer tmux starts can always open it.
        fifo = open(fifoPath, O_RDONLY | O_NONBLOCK)
        guard fifo >= 0 else { throw Failure(description: "cannot open the FIFO: errno \(errno)") }
        let exports = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        // The test's own environment may say NO_COLOR (a test runner writing to a file does):
        // the program sees only what the test asks for.
        let command = "env -u NO_COLOR -u COLORTERM -u TMUX \(exports) \(arguments.map(Self.quoted).joined(separator: " ")); echo exit=$?; exec sleep 600"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "e2e", "-x", "\(width)", "-y", "\(height)", "sh", "-c", command], capturing: false)
        try tmux(["set-option", "-t", "e2e", "status", "off"])
        try tmux(["pipe-pane", "-O", "-t", "e2e", "cat >> \(Self.quoted(fifoPath))"])
    }

    deinit {
        close()
    }

    /// Kills this session's server and removes its files.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? tmux(["kill-server"])
        Glibc.close(fifo)
        try? FileManager.default.removeItem(at: directory)
    }

    /// The screen, one string per row (trailing blanks trimmed by tmux).
    func screen() -> [String] {
        var rows = ((try? tmux(["capture-pane", "-p", "-t", "e2e"])) ?? "").components(separatedBy: "\n")
        // Each row ends in a newline: the text after the last one is no row.
        if rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    /// The pane's history then its screen, one string per row: what a program printed on the
    /// normal screen, longer than the pane (tmux keeps 2,000 rows).
    func history() -> [String] {
        var rows = ((try? tmux(["capture-pane", "-p", "-t", "e2e", "-S", "-"])) ?? "").components(separatedBy: "\n")
        if rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    /// The screen once the program has stopped drawing: tmux 3.3 has no synchronized output,
    /// so a capture taken while a frame is being written shows half of it. The pane counts as
    /// quiet when `quiet` milliseconds pass without output (a frame is written in one burst),
    /// waiting at most `seconds` for that.
    func settledScreen(quiet: Int32 = 150, seconds: Double = 3) async -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0, await Self.output(on: fifo, within: quiet) == .drawn {}
        return screen()
    }

    /// The screen as one string, for failure messages.
    var picture: String { screen().joined(separator: "\n") }

    /// Sends keys by tmux's names (`Down`, `Enter`, `Escape`, `C-c`, `PageDown`, `q`).
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "e2e"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "e2e", "-l", text])
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "e2e", "-x", "\(width)", "-y", "\(height)"])
    }

    /// A format variable of the pane (`alternate_on`, `cursor_flag`, `pane_width`).
    func paneValue(_ name: String) -> String {
        ((try? tmux(["display-message", "-p", "-t", "e2e", "#{\(name)}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until `condition` holds for the screen, looking again each time the program
    /// draws, for at most `seconds`. Returns whether it held. The waiting happens on a thread
    /// of its own, never on the cooperative pool, so tests running beside this one go on.
    @discardableResult
    func waitUntil(seconds: Double = 15, _ condition: ([String]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if condition(screen()) { return true }
            let remaining = Int32(deadline.timeIntervalSinceNow * 1000)
            guard remaining > 0 else { return false }
            // A quiet second looks again too: tmux may have drawn from its own state (a
            // resize) without the program writing.
            if await Self.output(on: fifo, within: min(remaining, 1000)) == .gone {
                // The pane's writer is gone: nothing more will be drawn.
                return condition(screen())
            }
        }
    }

    enum Output: Sendable { case drawn, quiet, gone }

    /// Waits up to `milliseconds` for the program's output on `fifo`, on a thread of its own,
    /// and reads all there is.
    static func output(on fifo: Int32, within milliseconds: Int32) async -> Output {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var watched = pollfd(fd: fifo, events: Int16(POLLIN), revents: 0)
                guard poll(&watched, 1, milliseconds) > 0 else { return continuation.resume(returning: .quiet) }
                if watched.revents & Int16(POLLIN) != 0 {
                    var scratch = [UInt8](repeating: 0, count: 65536)
                    while read(fifo, &scratch, scratch.count) > 0 {}
                    continuation.resume(returning: .drawn)
                } else {
                    continuation.resume(returning: watched.revents & Int16(POLLHUP) != 0 ? .gone : .quiet)
                }
            }
        }
    }

    /// Waits until some row contains `text`.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 15) async -> Bool {
        await waitUntil(seconds: seconds) { $0.contains { $0.contains(text) } }
    }

    /// Runs `tmux -S socket arguments` and returns what it printed. Spawned with every signal
    /// unblocked and at its default: a server inherits the mask of the process that starts it,
    /// and one started with SIGTERM or SIGCHLD blocked (as threads of a test runner may have
    /// them) would never hear `kill-server` or its panes ending.
    @discardableResult
    private func tmux(_ arguments: [String], capturing: Bool = true) throws -> String {
        var fds: [Int32] = [-1, -1]
        guard vt_pipe_close_on_exec(&fds) == 0 else { throw Failure(description: "pipe failed: errno \(errno)") }
        defer { Glibc.close(fds[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturing {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        } else {
            // The server this may start keeps the descriptors it inherits: no pipe of ours.
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of this process: a server started here lives on, and would keep any
        // pipe it inherited (another test's reader would never see its end).
        vt_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        vt_spawnattr_reset_signals(&attributes, 0)
        let argv = (["tmux", "-S", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, "tmux", &actions, &attributes, argv, environ)
        Glibc.close(fds[1])
        guard status == 0 else { throw Failure(description: "cannot run tmux: \(status)") }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fds[0], &chunk, chunk.count)
            if count > 0 { output.append(contentsOf: chunk[0..<count]) } else if count < 0, errno == EINTR { continue } else { break }
        }
        var exit: Int32 = 0
        while waitpid(child, &exit, 0) < 0, errno == EINTR {}
        guard exit == 0 else { throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(exit))") }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` as one shell word.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
