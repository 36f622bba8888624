import Foundation
import PrivateFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SQLiteStore {
    /// The other way out a refusal of the data directory offers.
    static let dataElsewhere = "choose a data directory of your own (vitrine serve --data DIR, or XDG_DATA_HOME)"

    /// Makes the data directory ready before anything is written in it (the session key, the
    /// store), and returns its real path, symbolic links resolved: a home reached through a
    /// link (`/home -> /data/home`) is ordinary, while SQLite opens no path with a link in it.
    ///
    /// Refused, with the directory named and the way out: a directory, or one above it, that
    /// another user owns or that others may write without the sticky bit (the client's rule,
    /// `PrivateDirectory.checkParents`): they could move the store and the key away and put
    /// their own in place, sessions under a key they know and carts they wrote. Refused too: a
    /// data directory others may write even with the sticky bit (`/tmp` itself), and a link or
    /// anything but a regular file in the store's place.
    static func prepare(_ directory: URL) throws(OpenError) -> URL {
        do {
            // Judged before anything is made; and again once resolved, on the path used.
            try PrivateDirectory.checkParents(of: directory.appendingPathComponent(fileName), elsewhere: dataElsewhere)
            try PrivateDirectory.make(directory)
            let resolved = try realPath(directory)
            try PrivateDirectory.checkParents(of: resolved.appendingPathComponent(fileName), elsewhere: dataElsewhere)
            // A sticky directory is safe above the store, not as its home: anyone may create
            // `session.key` or `vitrine.sqlite-wal` in a `/tmp` before vitrine does.
            var status = stat()
            if lstat(resolved.path, &status) == 0, status.st_mode & 0o002 != 0 {
                throw OpenError(description: "the data directory \(resolved.path) is shared with other users (mode \(String(status.st_mode & 0o7777, radix: 8))), who could put their own files in it: make a directory of your own in it (vitrine serve --data \(resolved.appendingPathComponent("vitrine").path))")
            }
            for name in [fileName, fileName + "-wal", fileName + "-shm"] {
                let path = resolved.appendingPathComponent(name).path
                guard !FileSystem.exists(path) || FileSystem.isRegularFile(path) else {
                    throw OpenError(description: "\(path) is not a regular file (a symbolic link?): vitrine keeps its store only in a file of its own; move it aside")
                }
            }
            return resolved
        } catch let error as OpenError {
            throw error
        } catch let error as PrivateDirectory.UnsafeParentError {
            throw OpenError(description: "the data directory cannot be used: \(error.description)")
        } catch {
            throw OpenError(description: "cannot make the data directory \(directory.path): \(SystemErrorText.of(error))")
        }
    }

    private static func realPath(_ directory: URL) throws -> URL {
        guard let resolved = realpath(directory.path, nil) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved), isDirectory: true)
    }
}
