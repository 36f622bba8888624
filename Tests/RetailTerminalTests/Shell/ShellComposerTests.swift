import FlowTerminal
import Testing
@testable import RetailTerminal
import RetailPresentation

/// The status line as `ShellComposer` writes it: at 40 columns no hint is cut to a lone "…"
/// ("Wool scarf Brio  … ? · q quit").
@MainActor
@Suite struct ShellComposerTests {
    static func statusLine(width: Int) -> String {
        let status = StyledText([
            .init(" Vitrine ", style: CellStyle(attributes: [.reverse, .bold])), .init(" Wool scarf Brio"), .init("  ← Esc back"),
        ])
        let layout = ShellLayout.split(width: width, height: 10, withPanel: false, panelRows: 0)
        let buffer = ShellComposer.compose(
            page: CellBuffer(width: width, height: 9), layout: layout, panel: nil, status: status, hint: StyledText(" ? · q quit "),
            help: nil, width: width, height: 10)
        return buffer.plainLines[9]
    }

    @Test func whatFollowsTheTitleShowsWholeOrNotAtAll() {
        for width in 30...60 {
            let line = Self.statusLine(width: width)
            #expect(line.hasSuffix("? · q quit"), "\(width): \(line)")
            #expect(line.contains("← Esc back") || !line.contains("←"), "\(width): \(line)")
            #expect(!line.contains(" … ") && !line.contains("  …"), "no lone ellipsis at \(width): \(line)")
        }
        #expect(Self.statusLine(width: 60).contains("← Esc back"))
    }
}
