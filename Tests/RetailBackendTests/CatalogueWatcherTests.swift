import Foundation
import Testing
@testable import RetailBackend

/// The watcher reports a change of the catalogue's files once they have stayed the same for
/// one more look: a save in several writes is read whole. Tests look by hand (`poll`), as the
/// watching thread does each interval.
@Suite struct CatalogueWatcherTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("campaigns"), withIntermediateDirectories: true)
        for name in CatalogueDirectory.rootFiles { try Data("{}".utf8).write(to: directory.appendingPathComponent(name)) }
    }

    func write(_ file: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(file), options: .atomic)
    }

    @Test func aChangeIsReportedOnceItHasSettled() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let watcher = CatalogueWatcher(directory: CatalogueDirectory(url: directory))
        var changes = 0
        #expect(!watcher.poll { changes += 1 }, "nothing changed")
        try write("campaigns/a.json", "{\"id\": \"a\"")
        #expect(!watcher.poll { changes += 1 }, "seen, not yet settled")
        try write("campaigns/a.json", "{\"id\": \"a\"}")
        #expect(!watcher.poll { changes += 1 }, "changed again since: still settling")
        #expect(watcher.poll { changes += 1 })
        #expect(changes == 1)
        #expect(!watcher.poll { changes += 1 }, "reported once")
    }

    @Test func removedAndIgnoredFiles() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("campaigns/a.json", "{}")
        let watcher = CatalogueWatcher(directory: CatalogueDirectory(url: directory))
        try write("campaigns/.a.json.swp", "x")
        try write("README.md", "notes")
        _ = watcher.poll {}
        #expect(!watcher.poll {}, "hidden files and other names are not the catalogue's")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("campaigns/a.json"))
        _ = watcher.poll {}
        #expect(watcher.poll {}, "a removed campaign is a change")
    }

    /// The product feed is watched like the rest, as products.json and as the files of
    /// products/, whatever the process's working directory (it was looked for there).
    @Test(arguments: ["products.json", "products/a.json"])
    func aChangeOfTheProductFeedIsReported(file: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("products"), withIntermediateDirectories: true)
        try write(file, #"{"products": []}"#)
        let watcher = CatalogueWatcher(directory: CatalogueDirectory(url: directory))
        #expect(FileManager.default.currentDirectoryPath != directory.path)
        #expect(!watcher.poll {}, "nothing changed")
        try write(file, #"{"products": [{"id": "p-1"}]}"#)
        _ = watcher.poll {}
        #expect(watcher.poll {}, "\(file) changed")
        try FileManager.default.removeItem(at: directory.appendingPathComponent(file))
        _ = watcher.poll {}
        #expect(watcher.poll {}, "\(file) removed")
    }
}
