import CPTYSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL cluster of its own, for the tests and `vitrine bench cart`: made by Debian's
/// `initdb` in a new temporary directory, listening on a Unix socket there and on no TCP port
/// (`listen_addresses=''`), with one database, `vitrine`. The server refuses to run as root, so
/// when this process is root the cluster's programs run as the `postgres` account (else
/// `nobody`) through `setpriv`.
///
/// `remove()` stops the server at once and deletes the directory; a test suite calls it on
/// every path (`PostgresCluster` trait). A process that died before it could leaves a
/// directory whose `owner.pid` names a dead process: the next `start()` stops and removes it.
public final class ThrowawayPostgres: Sendable {

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let directory: URL
    public let binaries: URL
    public let port: Int
    /// The account the server runs as, when this process is root.
    let account: (uid: uid_t, gid: gid_t)?

    static let prefix = "vitrine-pg-"

    public var dataDirectory: URL { directory.appendingPathComponent("data") }
    public var socketDirectory: URL { directory.appendingPathComponent("socket") }
    public var logFile: URL { directory.appendingPathComponent("server.log") }

    /// The connection string of the `vitrine` database, over the socket.
    public var url: String { "postgresql://postgres@/vitrine?host=\(socketDirectory.path)&port=\(port)" }

    private init(directory: URL, binaries: URL, port: Int, account: (uid: uid_t, gid: gid_t)?) {
        self.directory = directory
        self.binaries = binaries
        self.port = port
        self.account = account
    }

    /// Where Debian puts the server's programs (`/usr/lib/postgresql/<major>/bin`), the newest
    /// major first; nil when none is installed.
    public static func locateBinaries() -> URL? {
        let root = "/usr/lib/postgresql"
        let majors = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted(by: >)
        return majors.map { URL(fileURLWithPath: "\(root)/\($0)/bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path) }
    }

    /// Makes, starts and fills a new cluster; throws, having removed what it made, when it
    /// cannot.
    public static func start() throws -> ThrowawayPostgres {
        removeAbandoned()
        guard let binaries = locateBinaries() else {
            throw Failure(description: "PostgreSQL's server programs are not installed (Debian's postgresql package; scripts/setup.sh installs it)")
        }
        let account: (uid: uid_t, gid: gid_t)? = getuid() == 0 ? Self.serverAccount() : nil
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(prefix + UUID().uuidString.prefix(8).lowercased())
        let cluster = ThrowawayPostgres(directory: directory, binaries: binaries, port: 5432, account: account)
        do {
            try cluster.create()
            try cluster.startServer()
            try cluster.run("createdb", ["-h", cluster.socketDirectory.path, "-p", "\(cluster.port)", "-U", "postgres", "vitrine"])
        } catch {
            cluster.remove()
            throw error
        }
        return cluster
    }

    private func create() throws {
        for url in [directory, socketDirectory] {
            guard mkdir(url.path, 0o700) == 0 else { throw Failure(description: "cannot make \(url.path): \(String(cString: strerror(errno)))") }
            if let account { _ = chown(url.path, account.uid, account.gid) }
        }
        try Data("\(getpid())\n".utf8).write(to: directory.appendingPathComponent("owner.pid"))
        try run("initdb", ["-D", dataDirectory.path, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"])
    }

    /// Starts the server and waits until it accepts connections.
    public func startServer() throws {
        try run("pg_ctl", ["-D", dataDirectory.path, "-w", "-t", "60", "-l", logFile.path, "-o",
                           "-k \(socketDirectory.path) -p \(port) -c listen_addresses='' -c max_connections=200", "start"])
    }

    /// Stops the server at once (`-m immediate`: as a crash would, the next start recovers).
    public func stopServer() {
        _ = try? run("pg_ctl", ["-D", dataDirectory.path, "-m", "immediate", "-w", "-t", "60", "stop"])
    }

    /// Stops the server and deletes the directory. Safe to call twice.
    public func remove() {
        if FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("postmaster.pid").path) { stopServer() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The server's log, for a failure's message.
    var log: String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    /// Runs one of the cluster's programs (as the server's account when root) in the cluster's
    /// directory and waits. Spawned directly, with every signal unblocked and at its default
    /// (the server `pg_ctl` starts inherits them) and its output into a file, not a pipe (that
    /// server may inherit the descriptor, and a pipe would then not end until it does).
    @discardableResult
    public func run(_ program: String, _ arguments: [String]) throws -> String {
        var command = ["/usr/bin/env", "-C", directory.path, "LC_ALL=C", "PGTZ=UTC"]
        if let account {
            command += ["/usr/bin/setpriv", "--reuid=\(account.uid)", "--regid=\(account.gid)", "--clear-groups", "--inh-caps=-all"]
        }
        command += [binaries.appendingPathComponent(program).path] + arguments
        let outputFile = directory.appendingPathComponent("\(program).out")
        // The file keeps every run's output; this run's is what it appends.
        let before = (try? FileManager.default.attributesOfItem(atPath: outputFile.path)[.size] as? Int) ?? 0
        let status = try Self.spawn(command, output: outputFile.path)
        let written = (try? Data(contentsOf: outputFile)) ?? Data()
        let text = String(decoding: written.dropFirst(before), as: UTF8.self)
        guard status == 0 else {
            throw Failure(description: "\(program) exited \(status): \(text)\n\(log)")
        }
        return text
    }

    /// Runs `command` with its output appended to `output` and returns its exit status.
    private static func spawn(_ command: [String], output: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of this process: the server `pg_ctl start` leaves running would keep
        // any pipe it inherited open (a reader elsewhere in the process would never see its end).
        vt_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        vt_spawnattr_reset_signals(&attributes, 0)
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, command[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(command[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift cannot import as macros.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// The `postgres` account Debian's package makes, else `nobody`.
    private static func serverAccount() -> (uid: uid_t, gid: gid_t) {
        if let entry = getpwnam("postgres") { return (entry.pointee.pw_uid, entry.pointee.pw_gid) }
        return (65_534, 65_534)
    }

    /// Stops and removes clusters whose owner process has died (a test run that was killed).
    public static func removeAbandoned() {
        let temporary = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix) {
            let directory = URL(fileURLWithPath: temporary).appendingPathComponent(name)
            guard let text = try? String(contentsOf: directory.appendingPathComponent("owner.pid"), encoding: .utf8),
                let owner = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), kill(owner, 0) != 0, errno == ESRCH,
                let binaries = locateBinaries()
            else { continue }
            let cluster = ThrowawayPostgres(directory: directory, binaries: binaries, port: 5432,
                                            account: getuid() == 0 ? serverAccount() : nil)
            cluster.remove()
        }
    }
}
