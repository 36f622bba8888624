import FlowCore
import Foundation
import Testing

import CommandLineSupport
@testable import VitrineCLI

/// `vitrine serve --export-shop DIR --now T`: the demo shop an app carries, at one instant.
@Suite struct ShopExportTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-shop-\(UUID().uuidString)")
    }

    static func export(to folder: URL, at instant: String = "2026-12-01T10:00:00Z") async -> (status: Int32, err: String) {
        let captured = CapturedConsole()
        let status = await CommandLineTool.run(["serve", "--export-shop", folder.path, "--now", instant], console: captured.console)
        return (status, captured.err)
    }

    @Test func theShopIsWrittenAtTheInstantAndAnExportReplacesOnlyWhatTheLastOneWrote() async throws {
        let folder = Self.folder()
        let files = FileManager.default
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? files.removeItem(at: folder) }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let first = await Self.export(to: folder, at: "2026-11-01T10:00:00Z")
        #expect(first.status == 0, "\(first.err)")
        try Data("mine too".utf8).write(to: folder.appendingPathComponent("pages/9999.json"))
        let second = await Self.export(to: folder)
        #expect(second.status == 0, "\(second.err)")
        let manifest = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("shop.json")))
        #expect(manifest["instant"]?.stringValue == "2026-12-01T10:00:00Z")
        let pages = try #require(manifest["pages"]?.arrayValue)
        #expect(pages.count > 100)
        let listed = Set(pages.compactMap { $0["file"]?.stringValue })
        let onDisk = Set(try files.contentsOfDirectory(atPath: folder.appendingPathComponent("pages").path).map { "pages/" + $0 })
        #expect(onDisk == listed.union(["pages/9999.json"]), "the first export's pages are replaced, a file it did not write stays")
        #expect(files.fileExists(atPath: folder.appendingPathComponent("notes.txt").path))
    }

    @Test func aDirectoryHoldingTheExportsNamesWithoutItsManifestIsRefusedAndKept() async throws {
        let folder = Self.folder()
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        defer { try? files.removeItem(at: folder) }
        try Data("holiday".utf8).write(to: folder.appendingPathComponent("images/holiday.jpg"))
        let refused = await Self.export(to: folder)
        #expect(refused.status == 1)
        #expect(refused.err.contains("no shop.json of an export"), "\(refused.err)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("images/holiday.jpg")) == Data("holiday".utf8))
        #expect(!files.fileExists(atPath: folder.appendingPathComponent("shop.json").path))
    }

    @Test func anExportThatWouldWriteOverAFileTheLastOneDidNotListIsRefused() async throws {
        let folder = Self.folder()
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        defer { try? files.removeItem(at: folder) }
        try Data(#"{"format":1,"pages":[],"images":[],"catalogues":{}}"#.utf8).write(to: folder.appendingPathComponent("shop.json"))
        try Data("someone's".utf8).write(to: folder.appendingPathComponent("images/0001.png"))
        let refused = await Self.export(to: folder)
        #expect(refused.status == 1)
        #expect(refused.err.contains("images/0001.png is there and the last export did not write it"), "\(refused.err)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("images/0001.png")) == Data("someone's".utf8))
    }

    @Test func theInstantIsRequired() async {
        let captured = CapturedConsole()
        #expect(await CommandLineTool.run(["serve", "--export-shop", Self.folder().path], console: captured.console) == 2)
        #expect(captured.err.contains("--now"))
        #expect(await CommandLineTool.run(["serve", "--export-shop", Self.folder().path, "--now", "yesterday"], console: CapturedConsole().console) == 2)
        #expect(await CommandLineTool.run(
            ["serve", "--export-shop", Self.folder().path, "--now", "2026-12-01T10:00:00Z", "--port", "9"], console: CapturedConsole().console) == 2,
            "a server's option is not an export's")
    }
}
