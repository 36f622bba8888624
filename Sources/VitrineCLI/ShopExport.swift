import CommandLineSupport
import FlowCore
import Foundation
import PrivateFiles
import RetailBackend
import RetailKit

/// `vitrine serve --export-shop DIR --now RFC3339`: the demo shop an app bundles to run with no
/// backend (`ShopBundle`), composed at that instant for this release of the app.
///
/// The directory is new, empty of the export's names (`shop.json`, `pages`, `images`,
/// `catalogues`), or holds an earlier export: then the files its `shop.json` lists are
/// replaced, and nothing else is touched. A directory with those names and no manifest of
/// ours is refused, as is an export that would write over a file the last one did not list.
enum ShopExport {
    static let ownedNames = ["shop.json", "pages", "images", "catalogues"]

    struct Refusal: Error {
        let reason: String
    }

    static func write(_ bundle: ShopBundle, to directory: String, console: Console) -> Int32 {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let files = FileManager.default
        do {
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            let earlier = try earlierExport(in: folder)
            let listed = Set(earlier.map { ExactString($0) })
            for file in bundle.files where !listed.contains(ExactString(file.path)) && FileSystem.exists(folder.appendingPathComponent(file.path).path) {
                throw Refusal(reason: "\(file.path) is there and the last export did not write it")
            }
            for path in earlier { try? files.removeItem(at: folder.appendingPathComponent(path)) }
            for file in bundle.files {
                let url = folder.appendingPathComponent(file.path)
                try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.bytes.write(to: url, options: .atomic)
            }
            let bytes = bundle.files.reduce(0) { $0 + $1.bytes.count }
            console.out("exported the shop to \(TerminalText.sanitized(directory)): \(bundle.files.count) files, \(bytes / 1024) KiB")
            return 0
        } catch let refusal as Refusal {
            console.err("vitrine serve: cannot export the shop to '\(TerminalText.sanitized(directory))': \(refusal.reason); choose an empty directory or one an export wrote")
            return 1
        } catch {
            console.err("vitrine serve: cannot export the shop to '\(TerminalText.sanitized(directory))': \(error.localizedDescription)")
            return 1
        }
    }

    /// The files the export already in `folder` wrote (its `shop.json` and what it lists); none
    /// when the directory holds none of the export's names. Refuses a directory that holds
    /// them without a manifest of ours.
    static func earlierExport(in folder: URL) throws(Refusal) -> [String] {
        let present = ownedNames.filter { FileSystem.exists(folder.appendingPathComponent($0).path) }
        guard !present.isEmpty else { return [] }
        guard let bytes = FileSystem.read(folder.appendingPathComponent("shop.json").path, maxBytes: 64 << 20),
            let manifest = try? JSONParser.parse(bytes), manifest["format"]?.intValue == ShopBundle.format
        else {
            throw Refusal(reason: "it holds \(present.joined(separator: ", ")) but no shop.json of an export")
        }
        var listed = ["shop.json"]
        for entry in (manifest["pages"]?.arrayValue ?? []) + (manifest["images"]?.arrayValue ?? []) {
            if let file = entry["file"]?.stringValue { listed.append(file) }
        }
        for member in manifest["catalogues"]?.objectValue ?? JSONObject() {
            if let file = member.value.stringValue { listed.append(file) }
        }
        // Only names of the export's own shape: a hand-edited manifest names nothing else to delete.
        return listed.filter { path in
            BundledShop.isPlainRelativePath(path)
                && ownedNames.contains { owned in path.isByteEqual(to: owned) || path.utf8.starts(with: (owned + "/").utf8) }
        }
    }
}
