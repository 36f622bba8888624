import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Crash-safe file replacement: the bytes go to a hidden temporary file in the same
/// directory, which is then renamed over the target, so a reader (or a restart after a kill)
/// sees the old file or the new one, never half of one. (Nuke's disk cache moved to this
/// after readers saw half-written files.) No `fsync`: a process crash cannot tear the file;
/// on power loss the checksums of the formats written here make a torn file read as absent.
enum AtomicFile {
    /// The prefix of temporary files: a directory scan skips them and deletes leftovers
    /// (`HomeCache` at open).
    static let temporaryPrefix = ".tmp-"

    /// Writes `data` to `url` through a temporary file and `rename(2)`.
    static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(temporaryPrefix + UUID().uuidString.lowercased())
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
