import Foundation
import PrivateFiles

#if canImport(Glibc)
import Glibc
#endif

/// The secret that session tokens are hashed under (HMAC-SHA-256, libcrypto). A copy of the
/// store holds only digests: without this key not even a guessed token can be checked
/// against them, nor a session forged into the store.
///
/// It lives outside the database, in a file of its own (`session.key`: 64 hexadecimal digits,
/// mode 0600): under `--data` by default, or where `--session-key` says. Every instance that
/// shares a store must read the same key; the store keeps the key's `fingerprint` so that an
/// instance started with another key refuses to start instead of refusing every shopper.
struct SessionKey: Sendable {
    let bytes: [UInt8]
    /// The key's reused libcrypto contexts.
    private let hmac: Crypto.HMACSHA256

    init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.init(unchecked: bytes)
    }

    /// A key of this process alone (the in-memory store, tests).
    static func random() -> SessionKey {
        SessionKey(unchecked: Crypto.randomBytes(32))
    }

    private init(unchecked bytes: [UInt8]) {
        self.bytes = bytes
        hmac = Crypto.HMACSHA256(key: bytes)
    }

    /// The digest a session is stored and looked up by: the token's bytes hashed in place.
    func digest(_ token: SessionToken) -> SessionDigest? {
        var text = token.text
        return text.withUTF8 { hmac.mac(UnsafeRawBufferPointer($0)) }.map(SessionDigest.init)
    }

    /// What the store keeps to recognise the key (an HMAC of a fixed label): it tells two keys
    /// apart and gives neither away.
    var fingerprint: [UInt8] {
        Crypto.hmacSHA256(key: bytes, data: Array("vitrine session key check 1".utf8)) ?? []
    }

    /// Why a key file cannot be used.
    struct FileError: Error, CustomStringConvertible {
        var description: String
    }

    /// The key in `url`; when the file does not exist and `mayCreate`, a new random key written
    /// there first (0600, created whole: two instances starting at once read the same one).
    /// A file that others may read or write (`SecretFile`), one in a directory others could
    /// change (`PrivateDirectory.checkParents`: they could put their own key in its place), or
    /// one that holds anything but 64 hexadecimal digits, is refused.
    static func load(from url: URL, mayCreate: Bool) throws(FileError) -> SessionKey {
        let path = url.path
        do {
            try PrivateDirectory.checkParents(of: url, elsewhere: "keep the key in a directory of your own (--session-key FILE)")
        } catch {
            throw FileError(description: error.description)
        }
        if !FileSystem.exists(path) {
            guard mayCreate else {
                throw FileError(description: "no session key at \(path): copy the session.key of an instance that shares this store there, or name it with --session-key")
            }
            try create(at: url)
        }
        let data: Data
        do {
            data = try SecretFile.read(path, what: "the session key", maxBytes: 1024)
        } catch {
            throw FileError(description: error.description)
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = Crypto.bytes(hex: text), let key = SessionKey(bytes: bytes) else {
            throw FileError(description: "the session key \(path) must hold 64 hexadecimal digits")
        }
        return key
    }

    /// Writes a new key beside `url` and links it into place, which fails if another process
    /// made one meanwhile (theirs is then read).
    private static func create(at url: URL) throws(FileError) {
        let directory = url.deletingLastPathComponent()
        do {
            try PrivateDirectory.make(directory)
            let temporary = directory.appendingPathComponent(AtomicFile.temporaryPrefix + UUID().uuidString.lowercased())
            defer { unlink(temporary.path) }
            try PrivateFile.write(Data((Crypto.hex(Crypto.randomBytes(32)) + "\n").utf8), toNew: temporary.path)
            guard link(temporary.path, url.path) == 0 || errno == EEXIST else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            throw FileError(description: "cannot write a session key at \(url.path): \(SystemErrorText.of(error))")
        }
    }
}
