import Foundation
import RetailKit
import RetailPresentation
import SQLiteSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What the app keeps on disk, on a shared machine and a broken disk: another schema's or
/// another user's outbox, a disk that fills while the app runs, and a second local user who
/// must read nothing. Each quits with `q`, exit 0, the terminal restored, within the wait.
/// The tests that need a second user or a mount run as root only (CI and `make test` here run
/// as root); elsewhere they are skipped and say so.
@Suite(.serialized) struct AppStorageEndToEndTests {
    static let user = "e2e-storage"
    static var isRoot: Bool { getuid() == 0 }
    /// The unprivileged account the second-user tests run as.
    static let nobody: uid_t = 65_534

    /// The shopper's directory for the embedded backend, as the app lays it out.
    static func shopperDirectory(_ cache: AppEndToEndTests.CacheDirectory) -> URL {
        cache.url.appendingPathComponent("vitrine/users/u-\(user)/\(BackendIdentity.embedded.directoryName)")
    }

    /// The program and its resource bundles, copied where a second user can run them: the
    /// checkout may sit in a directory only its owner enters (a clean clone in a 0700
    /// temporary directory), and Foundation cannot load the resources of a program it cannot
    /// reach (the app crashed in `Bundle.main`).
    static let secondUserExecutable: String = {
        let source = URL(fileURLWithPath: TerminalSessionModeTests.executable)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-second-user-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            _ = chmod(directory.path, 0o755)
            let siblings = try FileManager.default.contentsOfDirectory(atPath: source.deletingLastPathComponent().path)
            for name in siblings where name == source.lastPathComponent || name.hasSuffix(".resources") {
                try FileManager.default.copyItem(at: source.deletingLastPathComponent().appendingPathComponent(name), to: directory.appendingPathComponent(name))
            }
            return directory.appendingPathComponent(source.lastPathComponent).path
        } catch {
            return source.path
        }
    }()

    static func start(_ cache: AppEndToEndTests.CacheDirectory, as account: uid_t? = nil, debug: Bool = false) throws -> TmuxSession {
        var command = [account == nil ? TerminalSessionModeTests.executable : secondUserExecutable, "app", "--user", user] + (debug ? ["--debug"] : [])
        if let account {
            command = ["setpriv", "--reuid=\(account)", "--regid=\(account)", "--clear-groups", "--inh-caps=-all"] + command
        }
        return try TmuxSession(command, width: 100, height: 30,
                               environment: ["TERM": "xterm-256color", "NO_COLOR": "1"].merging(cache.environment) { $1 })
    }

    /// Writes an SQLite file whose tables are another program's.
    static func writeForeignDatabase(at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let database = try SQLiteConnection(path: url.path, busyTimeout: .seconds(5))
        defer { database.close() }
        try database.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, payload TEXT); INSERT INTO events (payload) VALUES ('theirs')")
    }

    static func mode(_ path: String) -> (mode: mode_t, owner: uid_t) {
        var status = stat()
        _ = lstat(path, &status)
        return (status.st_mode & 0o7777, status.st_uid)
    }

    /// Browses a little (impressions and taps to save), then quits.
    static func browseAndQuit(_ tmux: TmuxSession, cache: AppEndToEndTests.CacheDirectory) async throws {
        let expected = try HomeExpectations(user: user)
        #expect(try await expected.waitForHero(in: tmux, cache: cache) != nil, "\(tmux.picture)")
        for _ in 0..<3 { _ = try await AppEndToEndTests.press("j", in: tmux) }
        await AppEndToEndTests.quit(tmux)
    }

    /// `q` waited for ever for events to be saved in an outbox of another schema, with the
    /// terminal raw. Now the file is set aside, a new outbox made, and `q` ends the app.
    @Test func anOutboxOfAnotherSchemaIsSetAsideAndQuitEnds() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        let outbox = Self.shopperDirectory(cache).appendingPathComponent("analytics.sqlite")
        try Self.writeForeignDatabase(at: outbox)
        let tmux = try Self.start(cache)
        defer { tmux.close() }
        try await Self.browseAndQuit(tmux, cache: cache)
        #expect(FileManager.default.fileExists(atPath: outbox.path + ".unusable"))
        #expect(FileManager.default.fileExists(atPath: outbox.path))
    }

    /// One `sudo vitrine` left the outbox owned by root: the shopper's own app could not write
    /// it, and `q` hung. Run as an ordinary user, the app moves it aside at start and quits.
    @Test(.enabled(if: isRoot, "needs root, to leave a file of another user and to be another user"))
    func anOutboxOwnedByAnotherUserIsSetAsideAndQuitEnds() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        let directory = Self.shopperDirectory(cache)
        let outbox = directory.appendingPathComponent("analytics.sqlite")
        try Self.writeForeignDatabase(at: outbox)
        // The tree is the shopper's; the outbox is root's and not writable by others, as a
        // run under sudo leaves it.
        var path = directory.path
        while path.count >= cache.url.path.count {
            #expect(chown(path, Self.nobody, Self.nobody) == 0)
            path = (path as NSString).deletingLastPathComponent
        }
        #expect(chmod(cache.url.path, 0o755) == 0)
        #expect(chmod(outbox.path, 0o644) == 0)
        let tmux = try Self.start(cache, as: Self.nobody)
        defer { tmux.close() }
        try await Self.browseAndQuit(tmux, cache: cache)
        // Not the shopper's: moved out of the way at start, before anything opened it.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.filter { $0.hasPrefix("analytics.sqlite.foreign-") }.count == 1, "\(names)")
        #expect(Self.mode(outbox.path) == (0o600, Self.nobody), "a new outbox of the shopper's own")
    }

    /// A disk that fills while the app runs: nothing more can be saved, and `q` still ends at
    /// once; under `--debug` the app says, once the terminal is back, what it could not save.
    @Test(.enabled(if: isRoot, "needs root, to mount a small tmpfs"))
    func aDiskThatFillsWhileTheAppRunsCostsTheShopperNothing() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        try FileManager.default.createDirectory(at: cache.url, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=4m", "tmpfs", cache.url.path]
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            Issue.record("this machine did not let the test mount a tmpfs (mount exited \(mount.terminationStatus))")
            return
        }
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = ["-l", cache.url.path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let tmux = try Self.start(cache, debug: true)
        defer { tmux.close() }
        let expected = try HomeExpectations(user: Self.user)
        #expect(try await expected.waitForHero(in: tmux, cache: cache) != nil, "\(tmux.picture)")
        // Fill the disk to its last byte.
        let filler = cache.url.appendingPathComponent("filler")
        #expect(FileManager.default.createFile(atPath: filler.path, contents: nil))
        let handle = try FileHandle(forWritingTo: filler)
        let block = Data(count: 64 << 10)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
        for key in ["j", "j", "a", "j", "l", "a"] { _ = try await AppEndToEndTests.press(key, in: tmux) }
        try tmux.press("q")
        #expect(await tmux.waitFor("exit=0"), "\(tmux.picture)")
        #expect(tmux.paneValue("alternate_on") == "0", "back on the normal screen")
        #expect(tmux.screen().contains { $0.contains("analytics events could not be saved") }, "reported under --debug\n\(tmux.picture)")
    }

    /// A cache on a read-only file system: the app cannot keep the cart journal or the outbox,
    /// and says where and what to do instead of a bare "Read-only file system".
    @Test(.enabled(if: isRoot, "needs root, to mount a read-only tmpfs"))
    func aReadOnlyCacheIsNamedWithTheWayOut() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        try FileManager.default.createDirectory(at: cache.url, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "ro,size=1m,mode=0755", "tmpfs", cache.url.path]
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            Issue.record("this machine did not let the test mount a tmpfs (mount exited \(mount.terminationStatus))")
            return
        }
        defer {
            let unmount = Process()
            unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
            unmount.arguments = ["-l", cache.url.path]
            try? unmount.run()
            unmount.waitUntilExit()
        }
        let tmux = try Self.start(cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("exit=1"), "\(tmux.picture)")
        let screen = tmux.screen().joined()
        #expect(screen.contains("cannot keep the cart, cache and events under \(cache.url.path)/vitrine (Read-only file system)"), "\(tmux.picture)")
        #expect(screen.contains("XDG_CACHE_HOME"), "\(tmux.picture)")
    }

    /// With a shared or 0755 `~/.cache`, another local user read the cart journal, the outbox,
    /// the impression counts and the cached pages. Everything the app keeps is now 0600 in
    /// 0700 directories, also what an earlier version left, and the second user reads none.
    @Test(.enabled(if: isRoot, "needs root, to be a second user"))
    func anotherLocalUserReadsNothingTheAppKeeps() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        // What an earlier version left: a 0755 tree with a 0644 journal.
        let legacy = cache.url.appendingPathComponent("vitrine/users/u-\(Self.user)")
        try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try Data(#"{"version": 1}"#.utf8).write(to: legacy.appendingPathComponent("cart.json"))
        #expect(chmod(legacy.appendingPathComponent("cart.json").path, 0o644) == 0)
        #expect(chmod(cache.url.path, 0o755) == 0)
        let tmux = try Self.start(cache)
        defer { tmux.close() }
        let expected = try HomeExpectations(user: Self.user)
        #expect(try await expected.waitForHero(in: tmux, cache: cache) != nil, "\(tmux.picture)")
        _ = try await AppEndToEndTests.press("j", in: tmux)
        _ = try await AppEndToEndTests.press("a", in: tmux)
        await AppEndToEndTests.quit(tmux)

        let root = cache.url.appendingPathComponent("vitrine")
        var files: [String] = []
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let relative = walker?.nextObject() as? String {
            let path = root.appendingPathComponent(relative).path
            let (mode, _) = Self.mode(path)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                #expect(mode == 0o700, "\(relative)")
            } else {
                #expect(mode == 0o600, "\(relative)")
                files.append(path)
            }
        }
        #expect(Self.mode(root.path).mode == 0o700)
        for name in ["cart.json", "analytics.sqlite", "impressions.json"] {
            #expect(files.contains { $0.hasSuffix("/\(name)") }, "the app kept \(name)")
        }
        #expect(files.contains { $0.hasSuffix(".page") }, "a cached page")
        // The second user, reading each file, is refused every one.
        for file in files {
            let reader = Process()
            reader.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            reader.arguments = ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--inh-caps=-all", "/bin/cat", file]
            reader.standardOutput = FileHandle.nullDevice
            reader.standardError = FileHandle.nullDevice
            try reader.run()
            reader.waitUntilExit()
            #expect(reader.terminationStatus != 0, "the second user read \(file)")
        }
    }

    /// In a shared, world-writable cache directory another user made the shopper's tree first:
    /// a journal with a pending operation (replayed as the shopper before), and the outbox as a
    /// link to one of the shopper's own files (written through before). The app now moves the
    /// foreign tree aside and starts a private one: nothing planted is used.
    @Test(.enabled(if: isRoot, "needs root, to be two other users"))
    func aTreeAnotherUserPlantedIsMovedAsideAndNothingInItIsUsed() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        let attacker: uid_t = 1_234
        let directory = Self.shopperDirectory(cache)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let planted = #"{"version": 1, "canonical": null, "operations": [{"id": "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "key": "planted-key", "product_id": "p-1002", "created_at": \#(Date().timeIntervalSince1970), "kind": "add", "quantity": 7}]}"#
        try Data(planted.utf8).write(to: directory.appendingPathComponent("cart.json"))
        let notes = cache.url.appendingPathComponent("shoppers-notes.txt")
        try Data("the shopper's own notes".utf8).write(to: notes)
        #expect(chown(notes.path, Self.nobody, Self.nobody) == 0)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("analytics.sqlite"), withDestinationURL: notes)
        // Everything planted is the attacker's and open to all, in the shopper's own cache
        // directory (planted while it was open: an open one is refused, as below).
        let walker = FileManager.default.enumerator(atPath: cache.url.appendingPathComponent("vitrine").path)
        var paths = [cache.url.appendingPathComponent("vitrine").path]
        while let relative = walker?.nextObject() as? String { paths.append(cache.url.appendingPathComponent("vitrine/\(relative)").path) }
        for path in paths {
            #expect(lchown(path, attacker, attacker) == 0)
            if !path.hasSuffix("analytics.sqlite") { #expect(chmod(path, 0o777) == 0) }
        }
        #expect(chown(cache.url.path, Self.nobody, Self.nobody) == 0)
        #expect(chmod(cache.url.path, 0o755) == 0)

        let tmux = try Self.start(cache, as: Self.nobody)
        defer { tmux.close() }
        let expected = try HomeExpectations(user: Self.user)
        #expect(try await expected.waitForHero(in: tmux, cache: cache) != nil, "\(tmux.picture)")
        _ = try await AppEndToEndTests.press("j", in: tmux)
        #expect(!tmux.screen().contains { $0.contains("Cart 7") }, "the planted add was never sent\n\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
        #expect(try String(contentsOf: notes, encoding: .utf8) == "the shopper's own notes", "nothing written through the link")
        let tree = cache.url.appendingPathComponent("vitrine")
        #expect(Self.mode(tree.path) == (0o700, Self.nobody), "a private tree of the shopper's own")
        let aside = try FileManager.default.contentsOfDirectory(atPath: cache.url.path).filter { $0.hasPrefix("vitrine.foreign-") }
        #expect(aside.count == 1, "the planted tree, moved aside")
    }
    /// A cache directory another user may write (0777, no sticky bit): they could move the
    /// tree away while the app runs and link it to theirs, and every later save would go there.
    /// The app refuses to keep anything there, saying where and what to do.
    @Test(.enabled(if: isRoot, "needs root, to be a second user"))
    func aCacheDirectoryOthersCanWriteIsRefusedWithTheWayOut() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        try FileManager.default.createDirectory(at: cache.url, withIntermediateDirectories: true)
        #expect(chown(cache.url.path, Self.nobody, Self.nobody) == 0)
        #expect(chmod(cache.url.path, 0o777) == 0)
        let tmux = try Self.start(cache, as: Self.nobody)
        defer { tmux.close() }
        #expect(await tmux.waitFor("exit=1"), "\(tmux.picture)")
        let screen = tmux.screen().joined()
        #expect(screen.contains("can be written by other users"), "\(tmux.picture)")
        #expect(screen.contains("XDG_CACHE_HOME"), "\(tmux.picture)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.url.path).isEmpty, "nothing kept there")
    }

    /// One `sudo vitrine` that keeps the user's HOME: root moved the user's own tree aside, and
    /// the pending cart operations and unsent events in it were never sent. Root now refuses.
    @Test(.enabled(if: isRoot, "needs root, to run over another user's cache"))
    func rootDoesNotTakeOverAnotherUsersCache() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        let tree = cache.url.appendingPathComponent("vitrine")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        for path in [cache.url.path, tree.path] {
            #expect(chown(path, Self.nobody, Self.nobody) == 0)
            #expect(chmod(path, 0o700) == 0)
        }
        let tmux = try Self.start(cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("exit=1"), "\(tmux.picture)")
        #expect(tmux.screen().joined().contains("belongs to another user"), "\(tmux.picture)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.url.path) == ["vitrine"], "the user's tree stays where it was")
        #expect(Self.mode(tree.path) == (0o700, Self.nobody))
    }
}
