import Foundation
import Testing

/// `vitrine preview` in tmux: an edit shows, a broken edit keeps the old screen and says why,
/// and quitting gives the terminal back.
@Suite(.serialized) struct PreviewEndToEndTests {
    static func page(_ title: String) -> String {
        #"{"page": {"id": "draft", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "t", "data": {"title": "\#(title)"}}, {"type": "hologram", "id": "h"}]}]}}"#
    }

    @Test func anEditShowsAndABrokenEditKeepsTheOldScreenWithTheDiagnostic() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-preview-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(Self.page("First version").utf8).write(to: file)
        let tmux = try TmuxSession([TerminalSessionModeTests.executable, "preview", file.path], width: 100, height: 30, environment: ["TERM": "xterm-256color"])
        defer { tmux.close() }
        #expect(await tmux.waitFor("First version"), "\(tmux.picture)")
        #expect(await tmux.waitFor("Unknown widget type: page.sections.0.widgets.1"), "the lint report in the panel\n\(tmux.picture)")
        #expect(await tmux.waitFor("⚠ unknown widget"), "unknown widgets show labelled\n\(tmux.picture)")

        try Data(Self.page("Second version").utf8).write(to: file)
        #expect(await tmux.waitFor("Second version", seconds: 5), "\(tmux.picture)")

        try Data(#"{"page": {"id": "draft", "sections": ["#.utf8).write(to: file)
        #expect(await tmux.waitFor("✗ The file is not shown as it is now", seconds: 5), "\(tmux.picture)")
        let screen = tmux.screen()
        #expect(screen.contains { $0.contains("Second version") }, "the last good page stays\n\(tmux.picture)")
        #expect(screen.contains { $0.contains("not JSON") }, "\(tmux.picture)")

        try Data(Self.page("Third version").utf8).write(to: file)
        #expect(await tmux.waitFor("Third version", seconds: 5), "\(tmux.picture)")
        #expect(await tmux.waitUntil { !$0.contains { $0.contains("✗ The file") } }, "fixed: the problem goes\n\(tmux.picture)")

        try tmux.press("q")
        #expect(await tmux.waitFor("exit=0"), "\(tmux.picture)")
        #expect(tmux.paneValue("alternate_on") == "0", "back on the normal screen")
        #expect(tmux.paneValue("cursor_flag") == "1", "the cursor shows again")
    }

    /// The preview resolved the page at the instant it started, for ever: a section expiring
    /// while it was on screen stayed, after keys too.
    @Test func aSectionExpiresInThePreviewAsInTheApp() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-preview-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let ends = RFC3339Text.string(from: Date().addingTimeInterval(2))
        let page = #"{"page": {"id": "draft", "sections": [{"id": "flash", "expires_at": "\#(ends)", "widgets": [{"type": "title_block", "id": "deal", "data": {"title": "Flash deal"}}]}, {"id": "rest", "widgets": [{"type": "title_block", "id": "stays", "data": {"title": "Always here"}}]}]}}"#
        try Data(page.utf8).write(to: file)
        let tmux = try TmuxSession([TerminalSessionModeTests.executable, "preview", file.path], width: 100, height: 30, environment: ["TERM": "xterm-256color"])
        defer { tmux.close() }
        #expect(await tmux.waitFor("Flash deal"), "\(tmux.picture)")
        #expect(await tmux.waitUntil(seconds: 10) { !$0.contains { $0.contains("Flash deal") } }, "gone once expired\n\(tmux.picture)")
        #expect(tmux.screen().contains { $0.contains("Always here") })
        try tmux.press("q")
        #expect(await tmux.waitFor("exit=0"), "\(tmux.picture)")
    }
    /// The panel's report is in the reader's language: under de-DE and fr-FR no English
    /// ("page home (request …): 4 of 4 sections shown", "section details [vertical] ok",
    /// "page refused").
    @Test(arguments: [
        ("de-DE", "Seite draft (Anfrage ", "Abschnitt s [vertical] gut", "Seite abgelehnt"),
        ("fr-FR", "page draft (requête ", "rubrique s [vertical] bon", "page refusée"),
    ])
    func thePanelsReportIsInTheReadersLanguage(locale: String, summary: String, section: String, refused: String) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-preview-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(Self.page("Erste Fassung").utf8).write(to: file)
        let tmux = try TmuxSession(
            [TerminalSessionModeTests.executable, "preview", file.path, "--locale", locale], width: 120, height: 30,
            environment: ["TERM": "xterm-256color"])
        defer { tmux.close() }
        #expect(await tmux.waitFor(summary), "\(tmux.picture)")
        #expect(await tmux.waitFor(section), "\(tmux.picture)")
        let screen = tmux.screen().joined(separator: "\n")
        for english in ["sections shown", "(request", "section s [", "] ok"] {
            #expect(!screen.contains(english), "\(english)\n\(tmux.picture)")
        }
        try Data(#"{"nope": 1}"#.utf8).write(to: file)
        #expect(await tmux.waitFor(refused, seconds: 5), "\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("page refused") }, "\(tmux.picture)")
        try tmux.press("q")
        #expect(await tmux.waitFor("exit=0"), "\(tmux.picture)")
    }
}
