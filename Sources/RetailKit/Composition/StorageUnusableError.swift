import Foundation

/// The app's storage directory could not be made or used (a read-only file system, no inodes
/// left, a file where a directory should be): the path and the way out, not a bare errno.
public struct StorageUnusableError: Error, CustomStringConvertible {
    /// The directory that could not be used.
    public var path: String
    /// What the system said.
    public var reason: any Error

    public init(path: String, reason: any Error) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        let error = reason as NSError
        let detail = error.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(clamping: error.code))) : String(describing: reason)
        return "cannot keep the cart, cache and events under \(path) (\(detail)): free space there, make it writable, or point XDG_CACHE_HOME at a writable directory of your own"
    }

    /// Runs `body`, naming `directory` in whatever it throws.
    static func naming<Result>(_ directory: URL, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw StorageUnusableError(path: directory.path, reason: error)
        }
    }
}
