import Foundation
import PrivateFiles
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A secret's file (the session key, the operator's token) is read only when it is a regular
/// file that no one but its owner may read or write; every refusal names the file and what to do.
@Suite struct SecretFileTests {
    let root: URL
    let file: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("secret-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        file = root.appendingPathComponent("token")
        try Data("s3cret\n".utf8).write(to: file)
    }

    func refusal(_ path: String) -> String? {
        do {
            _ = try SecretFile.read(path, what: "the token", maxBytes: 64)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [0o644, 0o666, 0o640, 0o620, 0o604, 0o602])
    func aFileGroupOrOthersMayReadOrWriteIsRefusedWithTheWayOut(mode: Int) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(chmod(file.path, mode_t(mode)) == 0)
        let reason = try #require(refusal(file.path), "mode \(String(mode, radix: 8)) was read")
        #expect(reason == "the token \(file.path) may be read or written by others (mode \(String(mode, radix: 8))): chmod 600 it")
    }

    @Test func aPrivateFileIsReadWhole() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(chmod(file.path, 0o600) == 0)
        #expect(try SecretFile.read(file.path, what: "the token", maxBytes: 64) == Data("s3cret\n".utf8))
        #expect(chmod(file.path, 0o400) == 0)
        #expect(try SecretFile.read(file.path, what: "the token", maxBytes: 64) == Data("s3cret\n".utf8))
    }

    /// A Kubernetes secret volume's file is a link (`token -> ..data/token`, `..data ->
    /// ..2026_12_03…`): it is followed, and the file it leads to is held to the same rules.
    @Test func aLinkIsFollowedToAFileHeldToTheSameRules() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let timestamped = root.appendingPathComponent("..2026_12_03_14_00_00.1")
        try FileManager.default.createDirectory(at: timestamped, withIntermediateDirectories: true)
        let real = timestamped.appendingPathComponent("token")
        try Data("k8s\n".utf8).write(to: real)
        #expect(chmod(real.path, 0o400) == 0)
        #expect(symlink(timestamped.lastPathComponent, root.appendingPathComponent("..data").path) == 0)
        let mounted = root.appendingPathComponent("mounted").path
        #expect(symlink("..data/token", mounted) == 0)
        #expect(try SecretFile.read(mounted, what: "the token", maxBytes: 64) == Data("k8s\n".utf8))
        #expect(chmod(real.path, 0o644) == 0)
        #expect(refusal(mounted) == "the token \(mounted) (\(real.path)) may be read or written by others (mode 644): chmod 600 it")
        let dangling = root.appendingPathComponent("dangling").path
        #expect(symlink("nowhere", dangling) == 0)
        #expect(refusal(dangling) == "the token \(dangling) is a link that leads nowhere: no such file or directory")
        let toDirectory = root.appendingPathComponent("to-directory").path
        #expect(symlink(timestamped.path, toDirectory) == 0)
        #expect(refusal(toDirectory) == "the token \(toDirectory) (\(timestamped.path)) is not a regular file")
    }

    @Test func aDirectoryAMissingOrOversizedFileIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(chmod(file.path, 0o600) == 0)
        #expect(refusal(root.path) == "the token \(root.path) is not a regular file")
        let missing = root.appendingPathComponent("missing").path
        #expect(refusal(missing) == "the token \(missing) cannot be read: no such file or directory")
        #expect(throws: SecretFile.Refusal.self) { try SecretFile.read(file.path, what: "the token", maxBytes: 3) }
    }
}
