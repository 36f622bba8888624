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

    /// The bytes of `path` (at most `maxBytes`), which must be a regular file that group and
    /// others may neither read nor write. A symbolic link is followed to the file it names,
    /// which is held to the same rules: a secret an orchestrator mounts (a Kubernetes secret
    /// volume) is such a link into a directory it manages, and whoever could plant a link in
    /// the secret's place could replace the file itself. `what` names the file in the refusal
    /// ("the session key"), with the file a link leads to.
    public static func read(_ path: String, what: String, maxBytes: Int) throws(Refusal) -> Data {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            let code = errno
            throw Refusal(description: "\(what) \(path) cannot be read: \(SystemErrorText.of(errno: code))")
        }
        var target = path
        if status.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                let code = errno
                throw Refusal(description: "\(what) \(path) is a link that leads nowhere: \(SystemErrorText.of(errno: code))")
            }
            target = String(cString: resolved)
            free(resolved)
            guard lstat(target, &status) == 0 else {
                let code = errno
                throw Refusal(description: "\(what) \(path) (\(target)) cannot be read: \(SystemErrorText.of(errno: code))")
            }
        }
        let named = target == path ? path : "\(path) (\(target))"
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Refusal(description: "\(what) \(named) is not a regular file")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw Refusal(description: "\(what) \(named) may be read or written by others (mode \(String(status.st_mode & 0o777, radix: 8))): chmod 600 it")
        }
        guard let data = FileSystem.read(target, maxBytes: maxBytes) else {
            throw Refusal(description: "\(what) \(named) cannot be read (or holds more than \(maxBytes) bytes)")
        }
        return data
    }
}
