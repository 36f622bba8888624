import Foundation

#if canImport(Glibc)
import Glibc
private typealias GroupEntry = Glibc.group
#elseif canImport(Darwin)
import Darwin
private typealias GroupEntry = Darwin.group
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

    /// What `claim(_:)` and `secure(_:)` changed.
    public struct Repair: Sendable, Hashable {
        /// Directories narrowed to `0700`.
        public var directories = 0
        /// Files narrowed to `0600`.
        public var files = 0
        /// Entries that were not this user's, or symbolic links, moved out of the way
        /// (`NAME.foreign-…`) or, for links, removed: nothing in the tree is used that another
        /// user made or could point elsewhere.
        public var setAside = 0

        public init(directories: Int = 0, files: Int = 0, setAside: Int = 0) {
            self.directories = directories
            self.files = files
            self.setAside = setAside
        }
    }

    /// Why a tree cannot be made this user's own.
    public struct ForeignRootError: Error, CustomStringConvertible {
        public var path: String
        public var owner: uid_t

        public var description: String {
            "\(path) belongs to another user (uid \(owner)) and cannot be moved aside: remove it, or point XDG_CACHE_HOME at a directory of your own"
        }
    }

    /// Why a tree cannot be kept under a directory: someone else could rename or replace
    /// what is in it while the app runs (`claim` looks once; every later save goes by path).
    public struct UnsafeParentError: Error, CustomStringConvertible {
        public var path: String
        public var owner: uid_t
        /// Writable by others without the sticky bit (else: owned by another user).
        public var isWritableByOthers: Bool
        /// The other way out the message offers, after changing the directory itself: where
        /// the caller's files can be put instead.
        public var elsewhere = UnsafeParentError.cacheElsewhere

        /// The client's way out: its cache follows `XDG_CACHE_HOME`.
        public static let cacheElsewhere = "point XDG_CACHE_HOME at a directory of your own"

        public var description: String {
            if isWritableByOthers {
                return "\(path) can be written by other users, who could replace what vitrine keeps there: make it private (chmod go-w \(path)) or \(elsewhere)"
            }
            return "\(path) belongs to another user (uid \(owner)): vitrine keeps its files only under directories of the user running it; run it as that user, or \(elsewhere)"
        }
    }

    /// Checks that no one else can change the directories above `root`: each existing one,
    /// links resolved, belongs to this user or to root, and one that others may write has the
    /// sticky bit (as `/tmp`), so that nobody else can move `root` away and put a link in its
    /// place. Run as root, a directory of another user's is refused too: one `sudo vitrine`
    /// with the user's `HOME` would otherwise take over the user's own tree.
    /// `elsewhere` is the message's other way out (`UnsafeParentError.elsewhere`).
    public static func checkParents(of root: URL, elsewhere: String = UnsafeParentError.cacheElsewhere) throws(UnsafeParentError) {
        var existing = root.standardizedFileURL.deletingLastPathComponent().path
        var status = stat()
        while stat(existing, &status) != 0 {
            let parent = (existing as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != existing else { return }
            existing = parent
        }
        guard let resolved = realpath(existing, nil) else { return }
        var path = String(cString: resolved)
        free(resolved)
        let me = geteuid()
        while true {
            guard lstat(path, &status) == 0 else { return }
            if status.st_uid != me && status.st_uid != 0 {
                throw UnsafeParentError(path: path, owner: status.st_uid, isWritableByOthers: false, elsewhere: elsewhere)
            }
            let othersMayWrite = status.st_mode & 0o002 != 0 || (status.st_mode & 0o020 != 0 && !isGroupOwnersAlone(status))
            if othersMayWrite && status.st_mode & S_ISVTX == 0 {
                throw UnsafeParentError(path: path, owner: status.st_uid, isWritableByOthers: true, elsewhere: elsewhere)
            }
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != path else { return }
            path = parent
        }
    }

    /// Whether the directory's group is its owner's private group (the owner's primary group,
    /// naming no other member), so that group write, as `umask 002` gives, lets in no one
    /// else: the rule OpenSSH's StrictModes applies to a home directory.
    private static func isGroupOwnersAlone(_ status: stat) -> Bool {
        var buffer = [CChar](repeating: 0, count: 16_384)
        var account = passwd()
        var accountResult: UnsafeMutablePointer<passwd>?
        guard getpwuid_r(status.st_uid, &account, &buffer, buffer.count, &accountResult) == 0, accountResult != nil,
              account.pw_gid == status.st_gid, let ownerName = account.pw_name.map({ String(cString: $0) })
        else { return false }
        var groupBuffer = [CChar](repeating: 0, count: 65_536)
        var group = GroupEntry()
        var groupResult: UnsafeMutablePointer<GroupEntry>?
        guard getgrgid_r(status.st_gid, &group, &groupBuffer, groupBuffer.count, &groupResult) == 0, groupResult != nil else { return false }
        var member = group.gr_mem
        while let name = member?.pointee {
            guard Array(String(cString: name).utf8) == Array(ownerName.utf8) else { return false }
            member = member?.advanced(by: 1)
        }
        return true
    }

    /// Makes `root` this user's own private tree, whatever is there: a directory of this
    /// user's is kept; anything else in its place (another user's directory, left by one
    /// `sudo` run; a symbolic link; a file) is moved aside as `ROOT.foreign-<time>` and a new
    /// `0700` directory made. Then `secure(_:)` runs over it. Throws `UnsafeParentError` when
    /// a directory above it is not safe (`checkParents(of:)`), `ForeignRootError` when what is
    /// there cannot be moved (a sticky shared directory, a parent not ours).
    @discardableResult
    public static func claim(_ root: URL) throws -> Repair {
        try checkParents(of: root)
        let path = root.standardizedFileURL.path
        var repair = Repair()
        var status = stat()
        if lstat(path, &status) == 0 {
            let isOurDirectory = status.st_mode & S_IFMT == S_IFDIR && status.st_uid == geteuid()
            if !isOurDirectory {
                guard setAside(path) else { throw ForeignRootError(path: path, owner: status.st_uid) }
                repair.setAside += 1
            }
        }
        try make(root)
        let secured = secure(root)
        repair.directories += secured.directories
        repair.files += secured.files
        repair.setAside += secured.setAside
        return repair
    }

    /// Narrows `root` and everything under it to `0700` (directories) and `0600` (regular
    /// files), for what an earlier version created readable by others; removes symbolic links
    /// (never following them) and moves aside entries of other owners, so that nothing in the
    /// tree is another user's. `root` itself must be this user's directory (`claim` makes it
    /// so). At most `maxDepth` levels are walked.
    @discardableResult
    public static func secure(_ root: URL, maxDepth: Int = 6) -> Repair {
        var repair = Repair()
        let path = root.standardizedFileURL.path
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid() else { return repair }
        secure(path, depth: maxDepth, owner: geteuid(), repair: &repair)
        return repair
    }

    private static func secure(_ path: String, depth: Int, owner: uid_t, repair: inout Repair) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFLNK:
            // A link in our tree could send a write anywhere: it goes.
            if unlink(path) == 0 { repair.setAside += 1 }
            return
        case _ where status.st_uid != owner:
            if setAside(path) { repair.setAside += 1 }
            return
        case S_IFDIR:
            if status.st_mode & 0o077 != 0, chmod(path, mode) == 0 { repair.directories += 1 }
            guard depth > 0 else { return }
            for name in FileSystem.names(in: path) where !name.contains(".foreign-") {
                secure(path + "/" + name, depth: depth - 1, owner: owner, repair: &repair)
            }
        case S_IFREG:
            if status.st_mode & 0o077 != 0, chmod(path, PrivateFile.mode) == 0 { repair.files += 1 }
        default:
            // A FIFO, a socket, a device: nothing the app keeps is one.
            if setAside(path) { repair.setAside += 1 }
        }
    }

    /// Renames `path` to `path.foreign-<seconds>`; `false` when it cannot be moved.
    private static func setAside(_ path: String) -> Bool {
        rename(path, "\(path).foreign-\(Int(Date().timeIntervalSince1970))") == 0
    }
}
