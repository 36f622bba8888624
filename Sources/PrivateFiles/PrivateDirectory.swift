import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Directories only their owner can enter, made as the XDG base-directory specification asks
/// of new directories (`0700`), and the repair of what an earlier version left readable.
public enum PrivateDirectory {
    /// The mode of every directory created: the owner only.
    public static let mode: mode_t = 0o700

    /// Makes `url` and any missing parent, each new one `0700`; directories that exist are
    /// left as they are (a shared parent such as `~/.cache` is not ours to change).
    public static func make(_ url: URL) throws {
        let path = url.standardizedFileURL.path
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw POSIXError(.ENOTDIR) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try make(URL(fileURLWithPath: parent)) }
        guard mkdir(path, mode) == 0 || errno == EEXIST else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// What `secure(_:)` changed.
    public struct Repair: Sendable, Hashable {
        /// Directories narrowed to `0700`.
        public var directories = 0
        /// Files narrowed to `0600`.
        public var files = 0

        public init(directories: Int = 0, files: Int = 0) {
            self.directories = directories
            self.files = files
        }
    }

    /// Narrows `root` and everything under it that this user owns to `0700` (directories)
    /// and `0600` (regular files), for what an earlier version created readable by others.
    /// Symbolic links are neither followed nor changed; entries of other owners are left (they
    /// cannot be changed, and are not ours). At most `maxDepth` levels are walked.
    @discardableResult
    public static func secure(_ root: URL, maxDepth: Int = 6) -> Repair {
        var repair = Repair()
        secure(root.standardizedFileURL.path, depth: maxDepth, owner: geteuid(), repair: &repair)
        return repair
    }

    private static func secure(_ path: String, depth: Int, owner: uid_t, repair: inout Repair) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_uid == owner else { return }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            if status.st_mode & 0o077 != 0, chmod(path, mode) == 0 { repair.directories += 1 }
            guard depth > 0 else { return }
            for name in FileSystem.names(in: path) {
                secure(path + "/" + name, depth: depth - 1, owner: owner, repair: &repair)
            }
        case S_IFREG:
            if status.st_mode & 0o077 != 0, chmod(path, PrivateFile.mode) == 0 { repair.files += 1 }
        default:
            return
        }
    }
}
