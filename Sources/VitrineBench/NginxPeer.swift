import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// nginx (Debian's package) serving fixed bytes beside the backend, as the peer `vitrine bench
/// serve` measures the HTTP front against. Found on PATH or in /usr/sbin; the program never
/// installs it (`make bench` does: `scripts/setup.sh wrk nginx`).
///
/// An instance is a throwaway of its own: its configuration, pid file, logs, temporary paths
/// and the served file in a new temporary directory; the foreground master (`daemon off`) and
/// `workers` worker processes, listening on a free loopback port, the system's nginx and
/// configuration never touched. It runs under `/bin/sh` as a guard, in a process group of its
/// own, spawned with no signal blocked (a thread of this process may block them all, and a
/// child inherits that), that holds the read end of a pipe: `stop()`, or the end of this
/// process however it ends, closes the write end, and the guard sends the master SIGTERM (its
/// workers go with it) and waits for it to exit. Started as root, the master makes its
/// workers `nobody`, nginx's own default.
final class NginxPeer {
    enum PeerError: Error, CustomStringConvertible {
        case cannotStart(String)
        case wrongAnswer(String)

        var description: String {
            switch self {
            case .cannotStart(let why): return "nginx did not start: \(why)"
            case .wrongAnswer(let why): return "nginx does not answer the page's bytes: \(why)"
            }
        }
    }

    /// The page as the peer serves it: `path` exactly (any query), the body, its
    /// `Content-Type`, and further header fields to send with it.
    struct Page {
        var path: String
        var body: Data
        var contentType: String
        var headers: [(name: String, value: String)]
    }

    let port: Int
    /// Its own directory (configuration, logs, the page), removed by `stop()`.
    let directory: URL
    /// The guard's process id, and the write end of the pipe it reads.
    private let guardID: pid_t
    private var stopLine: Int32
    /// Set once the guard has been waited for.
    private var hasExited = false

    /// Where nginx is: the first `nginx` on PATH, else `/usr/sbin/nginx` (Debian puts it there,
    /// outside an ordinary user's PATH). nil when it is not installed.
    static func locate() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin"]
        for directory in directories {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent("nginx")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Starts `executable` serving `page` with `workers` worker processes, and returns once it
    /// answers `page.path` with exactly `page.body`; throws (leaving nothing behind) if it
    /// does not within `readyWithin`.
    init(executable: URL, page: Page, workers: Int, readyWithin: Duration = .seconds(10)) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bench-nginx-\(UUID().uuidString.lowercased())")
        let readable: [FileAttributeKey: Any] = [.posixPermissions: 0o755]
        for part in ["www", "temp"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(part), withIntermediateDirectories: true, attributes: readable)
        }
        try FileManager.default.setAttributes(readable, ofItemAtPath: directory.path)
        let port: Int
        do {
            let file = directory.appendingPathComponent("www/page")
            try page.body.write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
            port = try Self.freePort()
            let text = Self.configuration(directory: directory.path, port: port, workers: workers, page: page)
            try Data(text.utf8).write(to: directory.appendingPathComponent("nginx.conf"))
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let spawned: (id: pid_t, stopLine: Int32)
        do {
            spawned = try Self.spawnGuard(executable: executable.path, directory: directory.path)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        self.port = port
        self.directory = directory
        self.guardID = spawned.id
        self.stopLine = spawned.stopLine
        do {
            try waitUntilServing(page, within: readyWithin)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops nginx and waits for it, then removes its directory. Safe to call twice.
    func stop() {
        if stopLine >= 0 {
            close(stopLine)
            stopLine = -1
        }
        if !hasExited {
            var status: Int32 = 0
            while waitpid(guardID, &status, 0) < 0 && errno == EINTR {}
            hasExited = true
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// CPU time (user and system, in seconds) the nginx master and its workers have used so
    /// far: from /proc, the master's id in its pid file and the workers as its children. 0 where
    /// /proc does not say.
    func cpuSeconds() -> Double {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("nginx.pid"), encoding: .utf8),
              let master = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return 0 }
        let children = (try? String(contentsOfFile: "/proc/\(master)/task/\(master)/children", encoding: .utf8)) ?? ""
        let ids = [master] + children.split(separator: " ").compactMap { Int32($0) }
        return ids.reduce(0) { $0 + Self.cpuSeconds(of: $1) }
    }

    /// A process's user and system CPU time from /proc/ID/stat (fields 14 and 15, in clock
    /// ticks, after the parenthesised command name, which may hold spaces).
    static func cpuSeconds(of id: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the name: state (3), ppid (4), … utime (14), stime (15).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Whether the guard (and so nginx) still runs; reaps it once it has exited.
    private var isRunning: Bool {
        guard !hasExited else { return false }
        var status: Int32 = 0
        if waitpid(guardID, &status, WNOHANG) == guardID { hasExited = true }
        return !hasExited
    }

    /// Spawns `/bin/sh -c guardScript` with a pipe as its standard input and `output` in
    /// `directory` as its standard output and error; returns its id and the pipe's write end
    /// (close-on-exec, so no other child of this process holds it open).
    private static func spawnGuard(executable: String, directory: String) throws -> (id: pid_t, stopLine: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw PeerError.cannotStart("no pipe: \(String(cString: strerror(errno)))") }
        defer { close(ends[0]) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, directory + "/output", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var every = sigset_t()
        sigfillset(&every)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", guardScript, executable, directory].map { (text: String) in strdup(text) }
        defer { arguments.forEach { free($0) } }
        var id: pid_t = 0
        let failed = posix_spawn(&id, "/bin/sh", &actions, &attributes, arguments + [nil], environ)
        guard failed == 0 else {
            close(ends[1])
            throw PeerError.cannotStart("cannot run /bin/sh: \(String(cString: strerror(failed)))")
        }
        return (id, ends[1])
    }

    /// The guard: starts nginx in the foreground (`$0` the executable, `$1` the directory),
    /// and a reader of the guard's standard input (the bench's pipe, kept as descriptor 3,
    /// since a background list's own standard input is /dev/null) that sends nginx SIGTERM
    /// once the input ends; exits with nginx's status once nginx exits, and removes the
    /// directory first when the reader stopped nginx (so also after this process was killed),
    /// not when nginx exited by itself (its logs then say why).
    static let guardScript = """
        exec 3<&0
        "$0" -p "$1/" -c "$1/nginx.conf" &
        nginx=$!
        { read -r _ <&3; kill -TERM "$nginx" 2>/dev/null; } &
        reader=$!
        wait "$nginx"
        status=$?
        if kill -0 "$reader" 2>/dev/null; then kill "$reader" 2>/dev/null; else rm -rf "$1"; fi
        exit "$status"
        """

    /// The configuration of an instance in `directory`: `workers` worker processes, the page
    /// as one file from the open-file cache with `sendfile`, and keep-alive connections never
    /// closed by a request count (the backend has none). `Date`, `Content-Length`, `ETag`
    /// and `Connection` are nginx's own; a header value with a `$` (a variable to nginx) or a
    /// control character is left out.
    static func configuration(directory: String, port: Int, workers: Int, page: Page) -> String {
        let own: Set<String> = ["date", "content-length", "content-type", "etag", "connection", "transfer-encoding"]
        let added = page.headers.filter { header in
            !own.contains(header.name.lowercased()) && !(header.name + header.value).contains { $0 == "$" || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }
        }
        let headerLines = added.map { "            add_header \(quoted($0.name)) \(quoted($0.value));" }
        let temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map {
            "    \($0)_temp_path \(quoted(directory + "/temp/" + $0));"
        }
        return ([
            "daemon off;",
            "master_process on;",
            "worker_processes \(workers);",
            "pid \(quoted(directory + "/nginx.pid"));",
            "lock_file \(quoted(directory + "/nginx.lock"));",
            "error_log \(quoted(directory + "/error.log")) warn;",
            "events {",
            "    worker_connections 1024;",
            "}",
            "http {",
            "    access_log off;",
            "    server_tokens off;",
            "    sendfile on;",
            "    tcp_nopush on;",
            "    keepalive_requests 1000000000;",
            "    open_file_cache max=16;",
            "    open_file_cache_valid 1h;",
        ] + temporary + [
            "    types { }",
            "    default_type \(quoted(page.contentType));",
            "    server {",
            "        listen 127.0.0.1:\(port);",
            "        location = \(quoted(page.path)) {",
            "            alias \(quoted(directory + "/www/page"));",
        ] + headerLines + [
            "        }",
            "        location / {",
            "            return 404;",
            "        }",
            "    }",
            "}",
        ]).joined(separator: "\n") + "\n"
    }

    /// A configuration string in single quotes, its quotes and backslashes escaped.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// A loopback port free now (bound and released; nginx binds it next).
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PeerError.cannotStart("no socket for a free port") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, size) == 0 && getsockname(descriptor, $0, &size) == 0
            }
        }
        guard bound else { throw PeerError.cannotStart("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Asks for the page until nginx answers it, every 20 ms; fails at once if nginx exited,
    /// and after `within` if it never answered.
    private func waitUntilServing(_ page: Page, within: Duration) throws {
        let deadline = ContinuousClock.now + within
        var lastProblem = "no answer"
        while ContinuousClock.now < deadline {
            guard isRunning else {
                throw PeerError.cannotStart("it exited: \(errorLog())")
            }
            if let client = LoopbackClient(port: port, timeoutSeconds: 2),
               client.send("GET \(page.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            {
                let reply = client.reply()
                guard let split = reply.firstRange(of: Array("\r\n\r\n".utf8)) else {
                    lastProblem = "an incomplete answer"
                    usleep(20_000)
                    continue
                }
                let head = String(decoding: reply[..<split.lowerBound], as: UTF8.self)
                guard head.hasPrefix("HTTP/1.1 200") else { throw PeerError.wrongAnswer(String(head.prefix(200))) }
                guard Data(reply[split.upperBound...]) == page.body else {
                    throw PeerError.wrongAnswer("a body of \(reply.count - split.upperBound) bytes, not the page's \(page.body.count)")
                }
                return
            }
            usleep(20_000)
        }
        throw PeerError.cannotStart("\(lastProblem) within \(within): \(errorLog())")
    }

    /// The end of what nginx said: its error log, else what it wrote before it opened that.
    private func errorLog() -> String {
        for name in ["error.log", "output"] {
            let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            if !text.isEmpty { return String(text.suffix(400)) }
        }
        return "it said nothing"
    }
}
