import Foundation
import PrivateFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension GuestSession {
    /// Moves a session file an earlier version kept at `old` (in the cache tree, where a cache
    /// cleaner would take the shopper's only key to their cart) to `new`, once: renamed when
    /// both are on one file system, else copied (`0600`, atomically) and removed. A file
    /// already at `new` is the newer one and wins; the old one is removed. Nothing happens when
    /// the paths are one, or there is no old file; a move that fails leaves the old file where
    /// it was, to be tried at the next start (the session is then made anew meanwhile).
    public static func moveFile(from old: URL, to new: URL) {
        let from = old.standardizedFileURL.path
        let to = new.standardizedFileURL.path
        guard !Array(from.utf8).elementsEqual(Array(to.utf8)), FileSystem.isRegularFile(from) else { return }
        if FileSystem.exists(to) {
            FileSystem.remove(from)
            return
        }
        if rename(from, to) == 0 { return }
        guard errno == EXDEV, let data = FileSystem.read(from, maxBytes: 4096), (try? AtomicFile.write(data, to: new)) != nil else { return }
        FileSystem.remove(from)
    }
}
