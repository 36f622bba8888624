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

        #expect(repair == PrivateDirectory.Repair(directories: 3, files: 1, setAside: 1), "the link removed, never followed")
        for path in ["", "/users", "/users/u-ada"] { #expect(Self.mode(tree.path + path) == 0o700, "\(path)") }
        #expect(Self.mode(journal.path) == 0o600)
        #expect(Self.mode(outside.path) == 0o644, "a link is not followed")
        #expect(!FileSystem.exists(tree.appendingPathComponent("link").path))
        #expect(PrivateDirectory.secure(tree) == PrivateDirectory.Repair(), "a second pass finds nothing")
    }
}

/// A tree someone else made, or filled with links: `claim` makes it this user's own before
/// anything in it is read or written.
@Suite struct PrivateDirectoryClaimTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("private-claim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    @Test func aLinkInTheRootsPlaceIsMovedAsideAndNothingIsWrittenThroughIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let tree = root.appendingPathComponent("vitrine")
        try FileManager.default.createSymbolicLink(at: tree, withDestinationURL: elsewhere)
        let repair = try PrivateDirectory.claim(tree)
        #expect(repair.setAside == 1)
        var status = stat()
        #expect(lstat(tree.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR, "a directory of its own now")
        #expect(status.st_mode & 0o777 == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func linksAndOddFilesInsideTheTreeGoAndTheirTargetsAreUntouched() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let tree = root.appendingPathComponent("vitrine")
        let user = tree.appendingPathComponent("users/u-ada")
        try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
        let victim = root.appendingPathComponent("notes.sqlite")
        try Data("mine".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: user.appendingPathComponent("analytics.sqlite"), withDestinationURL: victim)
        #expect(mkfifo(user.appendingPathComponent("cart.json").path, 0o600) == 0)
        let repair = try PrivateDirectory.claim(tree)
        #expect(repair.setAside == 2)
        #expect(!FileSystem.exists(user.appendingPathComponent("analytics.sqlite").path), "the link is gone")
        #expect(!FileSystem.exists(user.appendingPathComponent("cart.json").path), "the FIFO is out of the way")
        #expect(try Data(contentsOf: victim) == Data("mine".utf8))
    }

    @Test(.enabled(if: getuid() == 0, "needs root, to leave a tree owned by another user"))
    func anotherUsersTreeIsMovedAsideAndANewOneMade() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let tree = root.appendingPathComponent("vitrine")
        let journal = tree.appendingPathComponent("users/u-ada/cart.json")
        try FileManager.default.createDirectory(at: journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"operations": [{"kind": "remove"}]}"#.utf8).write(to: journal)
        #expect(chown(tree.path, 1234, 1234) == 0)
        #expect(chmod(tree.path, 0o777) == 0)
        let repair = try PrivateDirectory.claim(tree)
        #expect(repair.setAside == 1)
        #expect(!FileSystem.exists(journal.path), "nothing the other user planted is in the new tree")
        var status = stat()
        #expect(lstat(tree.path, &status) == 0 && status.st_uid == geteuid() && status.st_mode & 0o777 == 0o700)
    }
    // MARK: - The directories above the tree

    /// Another user who may write the directory above the tree could move the tree away while
    /// the app runs and put a link in its place: every later save would go through it.
    @Test func aParentOthersCanWriteIsRefusedAndNothingIsMadeInIt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(chmod(root.path, 0o777) == 0)
        let tree = root.appendingPathComponent("vitrine")
        #expect(throws: PrivateDirectory.UnsafeParentError.self) { try PrivateDirectory.claim(tree) }
        #expect(!FileSystem.exists(tree.path))
        do {
            try PrivateDirectory.checkParents(of: tree)
        } catch {
            #expect(error.isWritableByOthers)
            #expect(error.path == root.resolvingSymlinksInPath().path)
            #expect(error.description.contains("chmod go-w"), "\(error)")
        }
    }

    @Test func aStickySharedParentIsSafeAsTmpIs() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(chmod(root.path, 0o1777) == 0)
        try PrivateDirectory.claim(root.appendingPathComponent("vitrine"))
        #expect(PrivateDirectoryTests.mode(root.appendingPathComponent("vitrine").path) == 0o700)
    }

    @Test func aParentLeftToMakeIsCheckedFromTheFirstThatExists() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(chmod(root.path, 0o777) == 0)
        #expect(throws: PrivateDirectory.UnsafeParentError.self) { try PrivateDirectory.claim(root.appendingPathComponent("not/yet/vitrine")) }
        #expect(!FileSystem.exists(root.appendingPathComponent("not").path))
    }

    /// One `sudo vitrine` with the user's HOME: root moved the user's own tree aside (pending
    /// cart operations and unsent events lost). A directory above of another user's is refused.
    @Test(.enabled(if: getuid() == 0, "needs root, to be the user above another user's directory"))
    func rootTakesNothingOverUnderAnotherUsersDirectory() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let tree = root.appendingPathComponent("home/.cache/vitrine")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        for path in ["home", "home/.cache", "home/.cache/vitrine"] { #expect(chown(root.appendingPathComponent(path).path, 1234, 1234) == 0) }
        #expect(throws: PrivateDirectory.UnsafeParentError.self) { try PrivateDirectory.claim(tree) }
        var status = stat()
        #expect(lstat(tree.path, &status) == 0 && status.st_uid == 1234, "the user's tree is where it was, still theirs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("home/.cache").path) == ["vitrine"])
    }

    /// `umask 002` leaves directories group-writable: safe when the group is the owner's own
    /// (root's group names no other member), refused when it is a group others are in.
    @Test(.enabled(if: getuid() == 0, "needs root, to give a directory another group"))
    func groupWriteIsSafeOnlyInTheOwnersOwnGroup() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(chmod(root.path, 0o775) == 0)
        #expect(chown(root.path, 0, 0) == 0)
        try PrivateDirectory.claim(root.appendingPathComponent("vitrine"))
        #expect(chown(root.path, 0, 1234) == 0)
        #expect(throws: PrivateDirectory.UnsafeParentError.self) { try PrivateDirectory.claim(root.appendingPathComponent("vitrine")) }
    }
}
