import Foundation
import Testing
import TestSupport
@testable import RetailBackend

/// The data directory the SQLite store lives in: reached through symbolic links it is used at its
/// real path; one that others could change is refused with the directory named and the way out,
/// before anything is written in it.
extension SQLiteStoreTests {
    func open(at directory: URL) async throws -> HomeBackend {
        let clock = self.clock
        return try await offThePool { try makeBackend(clock: clock) { $0.storage = .sqlite(directory: directory) } }
    }

    /// The reason `open(at:)` gives for refusing `directory`, or nil when it opened.
    func refusal(at directory: URL) async -> String? {
        do {
            let backend = try await open(at: directory)
            try await close(backend)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aDataDirectoryReachedThroughSymbolicLinksIsUsedAtItsRealPath() async throws {
        let scratch = try ScratchDirectory("sqlite-linked")
        let real = scratch.file("real-home/.local/share/vitrine/backend")
        try FileManager.default.createDirectory(at: scratch.file("real-home"), withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        // A home reached through a link (`/home -> /data/home`), and `--data LINK` itself.
        #expect(symlink(scratch.file("real-home").path, scratch.file("home").path) == 0)
        #expect(symlink(real.path, scratch.file("data-link").path) == 0)
        let first = try await open(at: scratch.file("home/.local/share/vitrine/backend"))
        let ana = try await session(first)
        #expect(try await add(first, ana.token, key: "k-1").status == 200)
        try await close(first)
        for name in ["session.key", "vitrine.sqlite"] {
            #expect(FileManager.default.fileExists(atPath: real.appendingPathComponent(name).path), "\(name)")
        }
        let second = try await open(at: scratch.file("data-link"))
        #expect(try await cart(second, ana.token)["item_count"] == 1, "the same store, through the other link")
        try await close(second)
    }

    @Test func aLinkInTheStoresPlaceIsRefusedBeforeAnythingIsWritten() async throws {
        let scratch = try ScratchDirectory("sqlite-linked-file")
        let data = scratch.file("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        #expect(symlink(scratch.file("elsewhere.sqlite").path, data.appendingPathComponent("vitrine.sqlite").path) == 0)
        let reason = try #require(await refusal(at: data))
        #expect(reason.contains("vitrine.sqlite is not a regular file"), "\(reason)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("session.key").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("elsewhere.sqlite").path))
    }

    @Test(arguments: [0o777, 0o1777, 0o707])
    func aDataDirectoryOthersMayWriteIsRefusedBeforeAnythingIsWritten(mode: Int) async throws {
        let scratch = try ScratchDirectory("sqlite-open-dir")
        let data = scratch.file("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false)
        #expect(chmod(data.path, mode_t(mode)) == 0)
        let reason = try #require(await refusal(at: data), "a data directory of mode \(String(mode, radix: 8)) was used")
        #expect(reason.contains(data.path), "\(reason)")
        #expect(reason.contains("--data"), "the way out: \(reason)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == [], "nothing written: \(reason)")
    }

    @Test func aParentOthersMayWriteIsRefusedAndAStickyOneIsNot() async throws {
        let scratch = try ScratchDirectory("sqlite-open-parent")
        #expect(chmod(scratch.url.path, 0o777) == 0)
        let reason = try #require(await refusal(at: scratch.file("data")))
        #expect(reason.contains("chmod go-w \(scratch.url.path)"), "\(reason)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("data").path), "nothing made under it")
        #expect(chmod(scratch.url.path, 0o1777) == 0)
        #expect(await refusal(at: scratch.file("data")) == nil, "as under /tmp")
    }

    @Test(.enabled(if: getuid() == 0, "needs root, to give the directory to another user"))
    func aDataDirectoryOfAnotherUserIsRefused() async throws {
        let scratch = try ScratchDirectory("sqlite-foreign-dir")
        let data = scratch.file("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        #expect(chown(data.path, 1234, 1234) == 0)
        let reason = try #require(await refusal(at: data))
        #expect(reason.contains("belongs to another user (uid 1234)"), "\(reason)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == [])
    }

    @Test func aSessionKeyInADirectoryOthersMayWriteIsRefused() async throws {
        let scratch = try ScratchDirectory("session-key-open-dir")
        #expect(chmod(scratch.url.path, 0o777) == 0)
        let key = scratch.file("session.key")
        do {
            _ = try SessionKey.load(from: key, mayCreate: true)
            Issue.record("a key was kept where others could replace it")
        } catch {
            #expect(error.description.contains("chmod go-w \(scratch.url.path)"), "\(error)")
            #expect(error.description.contains("--session-key"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: key.path))
    }

    @Test func aSessionKeyThatCannotBeWrittenIsOneReadableLine() throws {
        let scratch = try ScratchDirectory("session-key-under-file")
        #expect(FileManager.default.createFile(atPath: scratch.file("afile").path, contents: Data("x".utf8)))
        do {
            _ = try SessionKey.load(from: scratch.file("afile/session.key"), mayCreate: true)
            Issue.record("a key was written under a file")
        } catch {
            #expect(error.description == "cannot write a session key at \(scratch.file("afile/session.key").path): not a directory")
        }
    }

    @Test func aDataDirectoryUnderAFileIsOneReadableLine() async throws {
        let scratch = try ScratchDirectory("sqlite-under-file")
        #expect(FileManager.default.createFile(atPath: scratch.file("afile").path, contents: Data("x".utf8)))
        let reason = try #require(await refusal(at: scratch.file("afile/data")))
        #expect(reason.hasSuffix(": not a directory"), "\(reason)")
        #expect(!reason.contains("Domain="))
    }
}
