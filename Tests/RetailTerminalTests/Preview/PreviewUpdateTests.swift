import FlowCore
import FlowRuntime
import FlowTerminal
import FlowPresentation
import Foundation
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal

@MainActor
@Suite struct PreviewUpdateTests {
    static let decoder = PageDecoder(catalog: RetailViews.makeRegistry().catalog, makeRequestID: { "preview" })

    static let unknownFancy = Diagnostic(kind: .unknownType, path: "page.sections.0.widgets.1", widgetType: "fancy", message: "unknown widget type 'fancy'")

    static func shown(_ title: String, diagnostics: [Diagnostic] = []) throws -> PreviewDocument {
        let json = #"{"page": {"id": "p", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "t", "data": {"title": "\#(title)"}, "actions": {"tap": {"type": "open_page", "page_id": "campaign:x"}}}]}]}}"#
        let page = try decoder.decodePage(Data(json.utf8)).page
        let findings = diagnostics.map { PreviewFinding($0, words: Words(.enUS), safe: { $0 }) }
        return .shown(PreviewPage(page: page, summary: "page p", diagnostics: findings, details: [], diagnosticCount: diagnostics.count))
    }

    /// The state after `messages`, and every effect they asked for.
    static func run(_ messages: [PreviewMessage], from start: PreviewState = PreviewState(fileName: "home.json")) -> (PreviewState, [PreviewEffect]) {
        var state = start
        var effects: [PreviewEffect] = []
        for message in messages { effects += PreviewUpdate.update(&state, message) }
        return (state, effects)
    }

    static func title(_ state: PreviewState) -> String? {
        state.page?.page.sections.first?.widgets.first?.data["title"]?.stringValue
    }

    @Test func aGoodReadingIsShownAndABrokenOneKeepsItAndSaysWhy() throws {
        let first = Date(timeIntervalSince1970: 100)
        var (state, _) = Self.run([.read(try Self.shown("One"), at: first)])
        #expect(Self.title(state) == "One")
        #expect(state.problem == nil)
        #expect(state.version == 1)
        (state, _) = Self.run([.read(.refused("page refused: not JSON"), at: Date(timeIntervalSince1970: 200))], from: state)
        #expect(Self.title(state) == "One", "the last good page stays")
        #expect(state.pageReadAt == first)
        #expect(state.problem == "page refused: not JSON")
        #expect(state.version == 1, "the layout is not measured again for the same page")
        (state, _) = Self.run([.read(try Self.shown("Two"), at: Date(timeIntervalSince1970: 300))], from: state)
        #expect(Self.title(state) == "Two")
        #expect(state.problem == nil)
        #expect(state.version == 2)
    }

    /// However long the reason, the status line says the file is not valid, cut to fit beside
    /// the keys' hint; a good file's finding count comes before its time.
    @Test(arguments: [40, 80, 120])
    func theStatusLineKeepsWhatMattersMostInItsWidth(width: Int) throws {
        let view = PreviewView(environment: RenderEnvironment(isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry()))
        let reason = "page refused: no 'page' object at the top level, and " + String(repeating: "much more ", count: 12)
        var (state, _) = Self.run([.read(try Self.shown("Hello", diagnostics: [Self.unknownFancy]), at: Date()), .read(.refused(reason), at: Date())])
        var status = try #require(view.draw(&state, width: width, height: 24).view.frame.buffer.plainLines.last)
        #expect(status.contains("✗"), "\(status)")
        #expect(status.contains("q quit"), "the hint stays: \(status)")
        (state, _) = Self.run([.read(try Self.shown("Hello", diagnostics: [Self.unknownFancy]), at: Date())])
        status = try #require(view.draw(&state, width: width, height: 24).view.frame.buffer.plainLines.last)
        #expect(status.contains("1 diagnostic"), "\(status)")
    }

    @Test func aFileBrokenFromTheStartShowsTheReasonFullScreen() throws {
        let (state, _) = Self.run([.read(.refused("the file is missing"), at: Date())])
        let view = PreviewView(environment: RenderEnvironment(isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry()))
        var drawn = state
        let lines = view.draw(&drawn, width: 80, height: 24).view.frame.buffer.plainLines
        #expect(lines.contains { $0.contains(Words(.enUS)[EngineWord.loadFailedTitle]) })
        #expect(lines.contains { $0.contains("the file is missing") })
        #expect(lines.last?.contains("not valid: the file is missing") == true)
    }

    @Test func theViewKeepsTheOldScreenAndShowsTheDiagnosticInThePanel() throws {
        let environment = RenderEnvironment(isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry())
        let view = PreviewView(environment: environment)
        var (state, _) = Self.run([.read(try Self.shown("Hello", diagnostics: [Self.unknownFancy]), at: Date())])
        var lines = view.draw(&state, width: 80, height: 24).view.frame.buffer.plainLines
        #expect(lines.contains { $0.hasPrefix("Hello") })
        #expect(lines.contains { $0.contains("• Unknown widget type: page.sections.0.widgets.1 (fancy)") })
        #expect(lines.contains { $0.hasSuffix(" unknown widget type 'fancy'") }, "the decoder's detail follows\n\(lines.joined(separator: "\n"))")
        #expect(lines.last?.contains("1 diagnostic") == true)
        (state, _) = Self.run([.read(.refused("page refused: no page object"), at: Date())], from: state)
        lines = view.draw(&state, width: 80, height: 24).view.frame.buffer.plainLines
        #expect(lines.contains { $0.hasPrefix("Hello") }, "the old screen stays")
        #expect(lines.contains { $0.contains("✗ The file is not shown as it is now:") })
        #expect(lines.contains { $0.contains("page refused: no page object") })
        (state, _) = Self.run([.input(.text("d"))], from: state)
        lines = view.draw(&state, width: 80, height: 24).view.frame.buffer.plainLines
        #expect(!lines.contains { $0.contains("✗ The file") }, "d hides the panel")
    }

    @Test func enterFiresTheFocusedTapAndOtherKeysAskTheRuntime() throws {
        let environment = RenderEnvironment(isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry())
        let view = PreviewView(environment: environment)
        var (state, _) = Self.run([.read(try Self.shown("Hello"), at: Date())])
        let drawn = view.draw(&state, width: 80, height: 24)
        var effects: [PreviewEffect]
        (state, effects) = Self.run([.presented(needsAnotherFrame: drawn.needsAnotherFrame), .input(.key(.enter))], from: state)
        guard case .fire(let fired)? = effects.first, fired.event == .tap, fired.widgetID == "t", fired.sectionID == "s" else {
            Issue.record("expected the tap to fire, got \(effects)")
            return
        }
        #expect(fired.action.type == "open_page")
        (_, effects) = Self.run([.input(.text("r"))], from: state)
        guard case .reload? = effects.first else {
            Issue.record("r reads the file again: \(effects)")
            return
        }
        (state, effects) = Self.run([.input(.text("q"))], from: state)
        #expect(state.isQuitting)
        guard case .quit? = effects.first else {
            Issue.record("q quits: \(effects)")
            return
        }
    }

    @Test func helpOpensWithQuestionMarkAndAnyKeyClosesIt() {
        var (state, _) = Self.run([.input(.text("?"))])
        #expect(state.showsHelp)
        (state, _) = Self.run([.input(.text("j"))], from: state)
        #expect(!state.showsHelp)
    }
}
