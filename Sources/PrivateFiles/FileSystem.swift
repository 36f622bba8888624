import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations on a warm start's path, straight on POSIX: Foundation's
/// `attributesOfItem` also looks up the owner's and group's names (reading the account
/// database) and `setAttributes` stats again, which cost more than reading a small page.
public enum FileSystem {
    /// The whole file, or `nil` when it cannot be read, is not a regular file (a FIFO planted
    /// in its place is opened without blocking and refused; a symbolic link is not followed)
    /// or holds more than `maxBytes`.
    public static func read(_ path: String, maxBytes: Int = .max) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            status.st_size >= 0, status.st_size <= maxBytes
        else { return nil }
        let size = Int(status.st_size)
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Bool in
            var offset = 0
            while offset < size {
                let count = systemRead(descriptor, buffer.baseAddress! + offset, size - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }

    /// Whether anything is at `path` (a symbolic link counts, and is not followed).
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether `path` is a regular file itself (not through a symbolic link).
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Size in bytes and modification time, or `nil` when there is no such file.
    public static func info(_ path: String) -> (size: Int, modified: Date)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        #if canImport(Glibc)
        let time = status.st_mtim
        #else
        let time = status.st_mtimespec
        #endif
        let modified = Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
        return (Int(status.st_size), modified)
    }

    /// Sets the modification time (and the access time) of `path` to `date`.
    public static func setModified(_ path: String, to date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let time = timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1e9))
        var times = [time, time]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    /// The names in `directory` (without `.` and `..`), or empty when it cannot be read.
    public static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Deletes `path`; nothing when it is not there.
    public static func remove(_ path: String) {
        unlink(path)
    }
}
