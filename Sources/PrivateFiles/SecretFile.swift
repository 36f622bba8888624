import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that holds a secret an operator gave (the backend's session key, the operator's
/// token): read only when no one but its owner may read or write it, as OpenSSH treats a
/// private key. A secret others may read is no longer a secret, and one others may write is
/// theirs to choose.
public enum SecretFile {
    /// Why a secret's file is not read; the message names the file and what to do.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// The bytes of `path` (at most `maxBytes`), which must be a regular file itself (not a
    /// link) that group and others may neither read nor write. `what` names the file in the
    /// refusal ("the session key").
    public static func read(_ path: String, what: String, maxBytes: Int) throws(Refusal) -> Data {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            let code = errno
            throw Refusal(description: "\(what) \(path) cannot be read: \(SystemErrorText.of(errno: code))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link (name the file itself)" : "not a regular file"
            throw Refusal(description: "\(what) \(path) is \(kind)")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw Refusal(description: "\(what) \(path) may be read or written by others (mode \(String(status.st_mode & 0o777, radix: 8))): chmod 600 it")
        }
        guard let data = FileSystem.read(path, maxBytes: maxBytes) else {
            throw Refusal(description: "\(what) \(path) cannot be read (or holds more than \(maxBytes) bytes)")
        }
        return data
    }
}
