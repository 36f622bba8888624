import CommandLineSupport
import Foundation
import Testing
import TestSupport

@testable import VitrineCLI

/// `--help` anywhere on a command line prints that command's synopsis and does nothing else:
/// no file is read or written, no value is judged, the status is 0.
@Suite struct CommandHelpTests {
    @Test(arguments: [
        (["lint", "--help", "--bogus"], "usage: vitrine lint FILE|-"),
        (["render", "page.json", "--width", "x", "-h"], "usage: vitrine render FILE|URL --width W"),
        (["preview", "--help"], "usage: vitrine preview FILE"),
        (["serve", "--port", "99999", "--help"], "usage: vitrine serve [--host 127.0.0.1]"),
        (["app", "--help"], "usage: vitrine [app] [--locale en-US|de-DE|fr-FR]"),
        (["catalogue", "check", "/nonexistent", "--help"], "usage: vitrine catalogue check DIR [--previous DIR]"),
        (["catalogue", "timeline", "--help"], "usage: vitrine catalogue timeline DIR --from DAY|RFC3339 --days N"),
        (["catalogue", "preview", "--help"], "usage: vitrine catalogue preview DIR --at RFC3339"),
    ])
    func helpPrintsTheCommandsSynopsisAndExits0(arguments: [String], synopsis: String) async {
        let captured = CapturedConsole()
        #expect(await CommandLineTool.run(arguments, console: captured.console) == 0)
        #expect(captured.out.hasPrefix(synopsis), "\(captured.out)")
        #expect(captured.err.isEmpty, "\(captured.err)")
    }

    @Test func helpOnACatalogueToolThatWritesWritesNothing() async throws {
        let scratch = try ScratchDirectory("catalogue-help")
        let target = scratch.file("export").path
        let captured = CapturedConsole()
        #expect(await CommandLineTool.run(["catalogue", "export", target, "--help"], console: captured.console) == 0)
        #expect(!FileManager.default.fileExists(atPath: target))
        let upgrade = scratch.file("upgrade")
        try FileManager.default.createDirectory(at: upgrade, withIntermediateDirectories: false)
        #expect(await CommandLineTool.run(["catalogue", "upgrade", upgrade.path, "--help"], console: CapturedConsole().console) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: upgrade.path).isEmpty)
    }

    @Test func anUnknownCommandIsQuotedSafelyAndShort() async {
        let captured = CapturedConsole()
        let hostile = "x\u{1B}]2;owned\u{07}" + String(repeating: "y", count: 10_000)
        #expect(await CommandLineTool.run([hostile], console: captured.console) == 2)
        let first = captured.err.split(separator: "\n").first.map(String.init) ?? ""
        #expect(!first.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(first.utf8.count < 300)
        #expect(first.contains("(10011 bytes)"))
    }
}
