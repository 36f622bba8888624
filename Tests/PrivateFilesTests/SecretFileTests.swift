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

    @Test func aLinkADirectoryAMissingOrOversizedFileIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(chmod(file.path, 0o600) == 0)
        let link = root.appendingPathComponent("link").path
        #expect(symlink(file.path, link) == 0)
        #expect(refusal(link) == "the token \(link) is a symbolic link (name the file itself)")
        #expect(refusal(root.path) == "the token \(root.path) is not a regular file")
        let missing = root.appendingPathComponent("missing").path
        #expect(refusal(missing) == "the token \(missing) cannot be read: no such file or directory")
        #expect(throws: SecretFile.Refusal.self) { try SecretFile.read(file.path, what: "the token", maxBytes: 3) }
    }
}
