import CommandLineSupport
import FlowCore
import Foundation
import RetailBackend

/// `vitrine serve --export-pages DIR`: every page the backend composes, one file each, so a
/// tool in any language (the schema check, a backend team's CI) can read them all.
///
/// Files are `page-0001.json`, `page-0002.json`, … (names of our own making, never from a
/// request), and `index.json` lists each file with the request that gets it and the client
/// (`app_version`, `capabilities`) it was composed for. Files of an earlier export in the same
/// directory (those names only) are removed first, so the directory holds this export alone.
enum PageExport {
    static func write(_ variants: [PageVariant], to directory: String, console: Console) -> Int32 {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where isExportFile(name) {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            var index: [JSONValue] = []
            for (number, variant) in variants.enumerated() {
                let digits = String(number + 1)
                let name = "page-" + String(repeating: "0", count: max(0, 4 - digits.utf8.count)) + digits + ".json"
                try variant.body.write(to: folder.appendingPathComponent(name), options: .atomic)
                index.append([
                    "file": .string(name), "request": .string(variant.request),
                    "app_version": .string(variant.appVersion), "capabilities": .array(variant.capabilities.map(JSONValue.string)),
                ])
            }
            try JSONWriter.data(for: .array(index)).write(to: folder.appendingPathComponent("index.json"), options: .atomic)
            console.out("exported \(variants.count) pages to \(TerminalText.sanitized(directory))")
            return 0
        } catch {
            console.err("vitrine serve: cannot export pages to '\(TerminalText.sanitized(directory))': \(error.localizedDescription)")
            return 1
        }
    }

    /// `index.json` or `page-` followed by digits and `.json`: the names this writes, in bytes.
    static func isExportFile(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        if bytes == Array("index.json".utf8) { return true }
        let prefix = Array("page-".utf8), suffix = Array(".json".utf8)
        guard bytes.count > prefix.count + suffix.count, bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix) else { return false }
        return bytes[prefix.count..<(bytes.count - suffix.count)].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
