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

    @Test func theShopIsWrittenAtTheInstantAndReplacesOnlyAnEarlierExport() async throws {
        let folder = Self.folder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pages"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("pages/9999.json"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let captured = CapturedConsole()
        let status = await CommandLineTool.run(["serve", "--export-shop", folder.path, "--now", "2026-12-01T10:00:00Z"], console: captured.console)
        #expect(status == 0, "\(captured.err)")
        #expect(captured.out.contains("exported the shop to"))
        let manifest = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("shop.json")))
        #expect(manifest["instant"]?.stringValue == "2026-12-01T10:00:00Z")
        #expect((manifest["pages"]?.arrayValue?.count ?? 0) > 100)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("pages").path)
        #expect(!names.contains("9999.json"), "an earlier export's page is gone")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes.txt").path), "what is not the export's stays")
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
