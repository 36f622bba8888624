import Foundation

/// A directory of a test's own under the system's temporary directory, removed with everything
/// in it by `remove()` (and when the value is released), so that a failing test leaves nothing
/// behind and no two tests share a file.
public final class ScratchDirectory: Sendable {
    public let url: URL

    /// Makes `vitrine-<label>-<random>` (0700).
    public init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-\(label)-\(UUID().uuidString.prefix(8).lowercased())",
                                                                             isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit {
        remove()
    }

    /// `name` inside the directory.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
