import CommandLineSupport
import Foundation
import RetailBackend

/// `vitrine serve --export-shop DIR --now RFC3339`: the demo shop an app bundles to run with no
/// backend (`ShopBundle`), composed at that instant for this release of the app. What the
/// directory held of an earlier export (`shop.json`, `pages/`, `images/`, `catalogues/`) is
/// replaced, so it holds this export alone; nothing else in it is touched.
enum ShopExport {
    static let ownedNames = ["shop.json", "pages", "images", "catalogues"]

    static func write(_ bundle: ShopBundle, to directory: String, console: Console) -> Int32 {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let files = FileManager.default
        do {
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in ownedNames where files.fileExists(atPath: folder.appendingPathComponent(name).path) {
                try files.removeItem(at: folder.appendingPathComponent(name))
            }
            for file in bundle.files {
                let url = folder.appendingPathComponent(file.path)
                try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.bytes.write(to: url, options: .atomic)
            }
            let bytes = bundle.files.reduce(0) { $0 + $1.bytes.count }
            console.out("exported the shop to \(TerminalText.sanitized(directory)): \(bundle.files.count) files, \(bytes / 1024) KiB")
            return 0
        } catch {
            console.err("vitrine serve: cannot export the shop to '\(TerminalText.sanitized(directory))': \(error.localizedDescription)")
            return 1
        }
    }
}
