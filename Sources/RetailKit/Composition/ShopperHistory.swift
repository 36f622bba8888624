import Foundation
import PrivateFiles

/// Whether the shopper has a history with a backend: a product page opened or a product
/// added, in this launch or an earlier one. Marked by an empty private file beside the guest
/// session, written once; the next launch reads it to choose the segment
/// (`AppConfiguration.automaticSegment`). A mark that cannot be written costs only the
/// "returning" page of the next launch.
final class ShopperHistory: Sendable {
    let file: URL
    private let marked: Locked<Bool>

    init(file: URL) {
        self.file = file
        marked = Locked(FileManager.default.fileExists(atPath: file.path))
    }

    /// Whether a history was marked when the app was built or since.
    var exists: Bool { marked.withLock { $0 } }

    /// Marks the history (once).
    func record() {
        let isNew = marked.withLock { marked -> Bool in
            defer { marked = true }
            return !marked
        }
        guard isNew else { return }
        try? PrivateFile.createIfMissing(file.path)
    }
}
