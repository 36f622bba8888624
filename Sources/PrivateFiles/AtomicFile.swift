import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash-safe, private file replacement: the bytes go to a hidden temporary file in the same
/// directory, created `0600` (only its owner can read it, from the first byte on), which is
/// then renamed over the target, so a reader (or a restart after a kill) sees the old file or
/// the new one, never half of one. (Nuke's disk cache moved to this after readers saw
/// half-written files.) No `fsync`: a process crash cannot tear the file; on power loss the
/// checksums of the formats written here make a torn file read as absent.
public enum AtomicFile {
    /// The prefix of temporary files: a directory scan skips them and deletes leftovers
    /// (`HomeCache` at open).
    public static let temporaryPrefix = ".tmp-"

    /// Writes `data` to `url` through a temporary file and `rename(2)`; the file is `0600`.
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(temporaryPrefix + UUID().uuidString.lowercased())
        do {
            try PrivateFile.write(data, toNew: temporary.path)
            guard rename(temporary.path, url.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }
}
