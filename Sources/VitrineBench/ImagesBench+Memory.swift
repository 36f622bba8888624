import CImageCodec
import Foundation

extension ImagesBench {
    /// The process's resident-set high-water mark, reset around one piece of work.
    ///
    /// Method: write "5" to /proc/self/clear_refs (Linux ≥ 4.0), which resets VmHWM to the
    /// current RSS; run the work; the peak is VmHWM after minus VmRSS before. This counts
    /// everything the work touched (our buffers, libjpeg's and libpng's own, the Swift copy),
    /// but pages the allocator reuses without returning them to the kernel are invisible:
    /// `malloc_trim` first hands free heap pages back so that new buffers must fault pages in,
    /// and the bench still reports max(this, the decoder's own count of pixel-buffer bytes).
    /// The status file is read once before the reset, so the first measurement does not count
    /// the pages of the code that reads it.
    enum ResidentPeak {
        /// Whether the high-water mark can be reset here.
        static var isAvailable: Bool { reset() }

        /// Bytes the work added to the resident set at its peak; nil where /proc is missing.
        static func measure(_ work: () -> Void) -> Int? {
            _ = read("VmRSS:")
            vt_release_free_heap()
            guard reset(), let before = read("VmRSS:") else {
                work()
                return nil
            }
            work()
            guard let peak = read("VmHWM:") else { return nil }
            return max(0, peak - before)
        }

        @discardableResult
        private static func reset() -> Bool {
            guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
            defer { try? handle.close() }
            return (try? handle.write(contentsOf: Data("5".utf8))) != nil
        }

        /// A "kB" line of /proc/self/status, in bytes.
        private static func read(_ field: String) -> Int? {
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
            for line in status.split(separator: "\n") where line.hasPrefix(field) {
                let digits = line.dropFirst(field.count).filter(\.isNumber)
                return Int(digits).map { $0 * 1024 }
            }
            return nil
        }
    }
}
