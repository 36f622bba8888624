import Foundation
import PrivateFiles
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Files only their owner can read: new directories 0700 (the XDG rule), files 0600 from the
/// first byte, and what an earlier version left readable narrowed. (The process's umask, 022
/// here, would give 0755 and 0644: each mode asserted is one the code asked for.)
@Suite struct PrivateDirectoryTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("private-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        _ = lstat(path, &status)
        return status.st_mode & 0o7777
    }

    @Test func everyNewDirectoryIs0700AndAnExistingOneIsLeft() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let deep = root.appendingPathComponent("a/b/c")
        try PrivateDirectory.make(deep)
        for path in ["a", "a/b", "a/b/c"] { #expect(Self.mode(root.appendingPathComponent(path).path) == 0o700, "\(path)") }
        #expect(Self.mode(root.path) == 0o755, "a parent that existed is not ours to change")
        try PrivateDirectory.make(deep)
    }

    @Test func aFileWhereADirectoryShouldBeIsAnError() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("taken")
        try Data().write(to: file)
        #expect(throws: (any Error).self) { try PrivateDirectory.make(file.appendingPathComponent("below")) }
        #expect(throws: (any Error).self) { try PrivateDirectory.make(file) }
    }

    @Test func anAtomicWriteIs0600() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("journal.json")
        try AtomicFile.write(Data("one".utf8), to: file)
        #expect(Self.mode(file.path) == 0o600)
        try AtomicFile.write(Data("two".utf8), to: file)
        #expect(Self.mode(file.path) == 0o600)
        #expect(try Data(contentsOf: file) == Data("two".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["journal.json"], "no temporary file left")
    }

    @Test func createIfMissingMakesAPrivateEmptyFileAndKeepsAnExistingOne() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("outbox.sqlite")
        try PrivateFile.createIfMissing(file.path)
        #expect(Self.mode(file.path) == 0o600)
        try Data("kept".utf8).write(to: file)
        try PrivateFile.createIfMissing(file.path)
        #expect(try Data(contentsOf: file) == Data("kept".utf8))
    }

    @Test func secureNarrowsWhatAnEarlierVersionLeftButFollowsNoLink() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let files = FileManager.default
        let tree = root.appendingPathComponent("vitrine")
        try files.createDirectory(at: tree.appendingPathComponent("users/u-ada"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tree.path)
        let journal = tree.appendingPathComponent("users/u-ada/cart.json")
        try Data("{}".utf8).write(to: journal)
        try files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: journal.path)
        let outside = root.appendingPathComponent("outside.txt")
        try Data("not ours to touch".utf8).write(to: outside)
        try files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: outside.path)
        try files.createSymbolicLink(at: tree.appendingPathComponent("link"), withDestinationURL: outside)
        let repair = PrivateDirectory.secure(tree)

        #expect(repair == PrivateDirectory.Repair(directories: 3, files: 1))
        for path in ["", "/users", "/users/u-ada"] { #expect(Self.mode(tree.path + path) == 0o700, "\(path)") }
        #expect(Self.mode(journal.path) == 0o600)
        #expect(Self.mode(outside.path) == 0o644, "a link is not followed")
        #expect(PrivateDirectory.secure(tree) == PrivateDirectory.Repair(), "a second pass finds nothing")
    }
}
