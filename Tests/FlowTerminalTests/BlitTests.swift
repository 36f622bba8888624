import Testing
@testable import FlowTerminal

/// Copying a drawn buffer into another (the app puts the rendered page into the screen with the
/// panel and the status line) keeps every glyph: wide ones whole, halves that do not fit blank.
@Suite struct BlitTests {
    static func page(_ text: String, width: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: 1)
        buffer.put(text: text, x: 0, y: 0, style: .plain)
        return buffer
    }

    @Test func wideGlyphsSurviveACopy() {
        let source = Self.page("漢字 ok 😀!", width: 12)
        var screen = CellBuffer(width: 12, height: 1)
        screen.blit(source.cells, columns: source.width, x: 0, y: 0)
        #expect(screen.plainLines == source.plainLines)
        #expect(screen.cells == source.cells)
    }

    @Test func aWideGlyphCutByTheClipBecomesBlankAndLeavesNoOrphan() {
        let source = Self.page("a漢b", width: 4)
        var screen = CellBuffer(width: 6, height: 1)
        screen.put(text: "xxxxxx", x: 0, y: 0, style: .plain)
        // The clip ends between the two halves of 漢.
        screen.blit(source.cells, columns: source.width, x: 1, y: 0, clip: CellRect(x: 0, y: 0, width: 3, height: 1))
        #expect(screen.plainLines == ["xa xxx"])
        #expect(!screen.cells.contains { $0.isContinuation })
        // The clip starts at the right half: the left is not drawn, the right becomes blank.
        var other = CellBuffer(width: 6, height: 1)
        other.put(text: "xxxxxx", x: 0, y: 0, style: .plain)
        other.blit(source.cells, columns: source.width, x: 0, y: 0, clip: CellRect(x: 2, y: 0, width: 4, height: 1))
        #expect(other.plainLines == ["xx bxx"])
        #expect(!other.cells.contains { $0.isContinuation })
    }
}
