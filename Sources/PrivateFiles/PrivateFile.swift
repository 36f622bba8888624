import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files only their owner can read: what the client keeps of a shopper (cart journal,
/// analytics outbox, impression counts, cached pages and images) is nobody else's on a shared
/// machine. Each file is created `0600` with `O_EXCL`, never made first and narrowed after,
/// so there is no moment in which another user could open it.
public enum PrivateFile {
    /// The mode of every file created: read and write for the owner only.
    public static let mode: mode_t = 0o600

    /// Creates `path` (which must not exist) `0600` and writes all of `data` to it.
    public static func write(_ data: Data, toNew path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                offset += count
            }
        }
    }

    /// Creates `path` empty and `0600` when it does not exist (so that a library which then
    /// opens it, SQLite for one, finds a private file and keeps its journals alike); leaves
    /// an existing file as it is.
    public static func createIfMissing(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }
}
