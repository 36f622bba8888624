import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation

/// Draws a preview: the page as the app would (unknown and malformed widgets as labelled
/// placeholders), the diagnostics panel, and a status line naming the file, when it was read
/// and whether it is shown as it is now.
@MainActor
public final class PreviewView {
    public let renderer: PageRenderer
    /// What pages are drawn with; the screen adds its focus.
    private let environment: RenderEnvironment

    public init(environment: RenderEnvironment) {
        self.environment = environment
        renderer = PageRenderer(environment: environment)
        renderer.lookahead = 40
    }

    /// The frame for `state` on a `width` × `height` screen. The page is drawn through the
    /// state's page screen, whose viewport the renderer clamps; `needsAnotherFrame` says the
    /// frame moved focus or scroll.
    public func draw(_ state: inout PreviewState, width: Int, height: Int) -> (view: TerminalView, needsAnotherFrame: Bool) {
        let layout = ShellLayout.split(width: width, height: height, withPanel: state.showsPanel)
        var environment = self.environment
        environment.localeIdentifier = state.locale.rawValue
        if let now = state.now { environment.evaluation.now = now }
        environment.words = state.words.engine
        let drawing = state.screen.draw(
            content(for: state), with: renderer, environment: environment, width: layout.page.width, height: layout.page.height)
        let words = state.words
        let panel = state.showsPanel ? PanelView(title: words[.previewDiagnostics], lines: panelLines(state), edge: layout.panelEdge) : nil
        let help = state.showsHelp
            ? KeyHelpView(title: words[.previewKeysTitle], entries: ShellKeyMap.previewHelp(words), footer: words[.anyKeyCloses]) : nil
        let hintText = " \(width >= 60 ? words[.hintKeys] : words[.hintKeysShort]) "
        let hint = StyledText(hintText, style: CellStyle(attributes: .dim))
        let buffer = ShellComposer.compose(
            page: drawing.frame.buffer, layout: layout, panel: panel, status: status(state, room: width - DisplayWidth.of(hintText) - 1),
            hint: hint, help: help, width: width,
            height: height)
        return (TerminalView(frame: Frame(buffer: buffer, scroll: drawing.scrollHint)), drawing.needsAnotherFrame)
    }

    private func content(for state: PreviewState) -> PageScreenContent {
        guard let page = state.page else {
            return PageScreenContent(loadState: state.problem.map { .failed(message: $0) } ?? .loading, page: nil)
        }
        var screen = PageScreenContent.showing(page.page)
        screen.sheets = state.presentedSheets
        screen.toast = state.toast
        screen.contentVersion = state.version
        return screen
    }

    func panelLines(_ state: PreviewState) -> [StyledText] {
        var lines: [StyledText] = []
        if let problem = state.problem {
            lines.append(StyledText(state.words[.previewNotShown], style: CellStyle(attributes: [.bold])))
            lines.append(StyledText(problem))
            if let readAt = state.pageReadAt {
                lines.append(StyledText(state.words(.previewLastGood, ["time": time(readAt, in: state.locale)]), style: CellStyle(attributes: .dim)))
            }
            lines.append(StyledText(""))
        }
        guard let page = state.page else { return lines }
        lines.append(StyledText(page.summary, style: CellStyle(attributes: .bold)))
        if page.diagnostics.isEmpty {
            lines.append(StyledText(state.words[.previewNoDiagnostics]))
        }
        for finding in page.diagnostics {
            lines.append(StyledText("• " + finding.headline))
            lines.append(StyledText(finding.detail, style: CellStyle(attributes: .dim)))
        }
        if !page.details.isEmpty {
            lines.append(StyledText(""))
            lines += page.details.map { StyledText($0, style: CellStyle(attributes: .dim)) }
        }
        return lines
    }

    /// The status line in `room` columns: what matters most comes first and is cut last (the
    /// file, then why it is not shown or how many findings it has, then when it was read).
    func status(_ state: PreviewState, room: Int = .max) -> StyledText {
        let words = state.words
        let tag = " \(words[.previewTag]) "
        // The file's name gives way first to a good file's count.
        let count = state.problem == nil ? state.page.map { page in
            page.diagnosticCount == 0 ? words[.previewNoDiagnostics] : words.plural(.previewDiagnosticOne, .previewDiagnosticOther, count: page.diagnosticCount)
        } : nil
        let nameRoom = room - DisplayWidth.of(tag) - 4 - (count.map { DisplayWidth.of($0) } ?? room / 2)
        let file = " \(TextCut.fit(state.fileName, to: max(3, min(40, nameRoom)))) "
        var runs = [StyledText.Run(tag, style: CellStyle(attributes: [.reverse, .bold])), StyledText.Run(file + " ")]
        var left = room - DisplayWidth.of(tag) - DisplayWidth.of(file) - 1
        func add(_ text: String, _ style: CellStyle = CellStyle()) {
            guard left > 1 else { return }
            let shown = TextCut.fit(text, to: left)
            runs.append(StyledText.Run(shown, style: style))
            left -= DisplayWidth.of(shown)
        }
        if let problem = state.problem {
            add(" \(words(.previewNotValid, ["reason": problem])) ", CellStyle(attributes: [.bold, .underline]))
            if let readAt = state.pageReadAt { add("  " + words(.previewShowing, ["time": time(readAt, in: state.locale)])) }
        } else if let page = state.page, let readAt = state.pageReadAt, let count {
            add(count, CellStyle(attributes: page.diagnosticCount == 0 ? [] : [.bold]))
            add(" · " + words(.previewRead, ["time": time(readAt, in: state.locale)]))
        }
        return StyledText(runs)
    }

    private func time(_ date: Date, in locale: AppLocale) -> String {
        RetailFormat(locale).time(date)
    }
}
