import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation

/// Draws a preview: the page as the app would (unknown and malformed widgets as labelled
/// placeholders), the diagnostics panel, and a status line naming the file, when it was read
/// and whether it is shown as it is now.
@MainActor
public final class PreviewView {
    public let renderer: PageRenderer
    /// What pages are drawn with; the screen adds its focus.
    private let environment: RenderEnvironment
    private let timeFormatter: DateFormatter

    public init(environment: RenderEnvironment) {
        self.environment = environment
        renderer = PageRenderer(environment: environment)
        renderer.lookahead = 40
        timeFormatter = DateFormatter()
        timeFormatter.dateFormat = "HH:mm:ss"
    }

    /// The frame for `state` on a `width` × `height` screen. The page is drawn through the
    /// state's page screen, whose viewport the renderer clamps; `needsAnotherFrame` says the
    /// frame moved focus or scroll.
    public func draw(_ state: inout PreviewState, width: Int, height: Int) -> (view: TerminalView, needsAnotherFrame: Bool) {
        let layout = ShellLayout.split(width: width, height: height, withPanel: state.showsPanel)
        let drawing = state.screen.draw(
            content(for: state), with: renderer, environment: environment, width: layout.page.width, height: layout.page.height)
        let panel = state.showsPanel ? PanelView(title: "Diagnostics", lines: panelLines(state), edge: layout.panelEdge) : nil
        let help = state.showsHelp ? KeyHelpView(title: "vitrine preview: keys", entries: ShellKeyMap.previewHelp) : nil
        let buffer = ShellComposer.compose(
            page: drawing.frame.buffer, layout: layout, panel: panel, status: status(state),
            hint: StyledText(" ? keys  q quit ", style: CellStyle(attributes: .dim)), help: help, width: width, height: height)
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
            lines.append(StyledText("✗ The file is not shown as it is now:", style: CellStyle(attributes: [.bold, .reverse])))
            lines.append(StyledText(problem))
            if let readAt = state.pageReadAt {
                lines.append(StyledText("Showing the last good version, read at \(timeFormatter.string(from: readAt)).", style: CellStyle(attributes: .dim)))
            }
            lines.append(StyledText(""))
        }
        guard let page = state.page else { return lines }
        lines.append(StyledText(page.summary, style: CellStyle(attributes: .bold)))
        if page.diagnostics.isEmpty {
            lines.append(StyledText("✓ no diagnostics"))
        }
        for line in page.diagnostics { lines.append(StyledText("• " + line)) }
        if !page.details.isEmpty {
            lines.append(StyledText(""))
            lines += page.details.map { StyledText($0, style: CellStyle(attributes: .dim)) }
        }
        return lines
    }

    func status(_ state: PreviewState) -> StyledText {
        var runs = [StyledText.Run(" preview ", style: CellStyle(attributes: [.reverse, .bold])), StyledText.Run(" \(state.fileName)  ")]
        if let problem = state.problem {
            runs.append(StyledText.Run(" ✗ not valid: \(problem) ", style: CellStyle(attributes: [.reverse])))
            if let readAt = state.pageReadAt { runs.append(StyledText.Run("  showing \(timeFormatter.string(from: readAt))")) }
        } else if let page = state.page, let readAt = state.pageReadAt {
            let count = page.diagnosticCount
            runs.append(StyledText.Run("read \(timeFormatter.string(from: readAt)) · "))
            runs.append(StyledText.Run(count == 0 ? "✓ no diagnostics" : "\(count) diagnostic\(count == 1 ? "" : "s")", style: CellStyle(attributes: count == 0 ? [] : [.bold])))
        }
        return StyledText(runs)
    }
}
