import FlowCore
import Foundation
import Testing

import CommandLineSupport
@testable import VitrineCLI

/// `vitrine serve --export-pages DIR`: the bytes tools in other languages check are the ones
/// the tests see.
@Suite struct PageExportTests {
    @Test func everyComposedPageIsWrittenWithAnIndexOfItsRequestAndClient() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let captured = CapturedConsole()
        let status = await CommandLineTool.run(["serve", "--export-pages", folder.path], console: captured.console)
        #expect(status == 0)
        let index = try #require(try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("index.json"))).arrayValue)
        #expect(index.count > 100)
        #expect(captured.out.contains("exported \(index.count) pages"))
        for entry in index.prefix(20) {
            let name = try #require(entry["file"]?.stringValue)
            #expect(name.utf8.allSatisfy { $0 < 0x80 } && !name.contains("/"))
            let page = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(page["page"]?["id"]?.stringValue != nil)
            #expect(entry["request"]?.stringValue?.hasPrefix("/v1/") == true)
            #expect(entry["app_version"]?.stringValue.flatMap(AppVersion.init) != nil)
        }
    }

    @Test func anExportReplacesAnEarlierOneAndNothingElse() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["page-99999.json", "notes.txt", "page-x.json"] {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        #expect(await CommandLineTool.run(["serve", "--export-pages", folder.path], console: CapturedConsole().console) == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains("page-99999.json"))
        #expect(names.contains("notes.txt") && names.contains("page-x.json"))
    }

    @Test func anExportIntoAFileIsRefused() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-export-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let captured = CapturedConsole()
        #expect(await CommandLineTool.run(["serve", "--export-pages", file.path], console: captured.console) == 1)
        #expect(captured.err.contains("cannot export pages"))
    }
}
