import Testing
@testable import FlowTerminal

/// A cell keeps a bounded cluster: server text cannot make one cell cost kilobytes a frame.
@Suite struct CellScalarLimitTests {
    @Test func marksStackedByTheThousandKeepAFewPerCell() {
        var buffer = CellBuffer(width: 4, height: 1)
        let zalgo = "e" + String(repeating: "\u{301}", count: 5000)
        buffer.put(text: zalgo + "x", x: 0, y: 0, style: .plain)
        #expect(buffer[0, 0].grapheme.unicodeScalars.count == CellBuffer.maximumScalarsInACell)
        #expect(buffer[0, 0].grapheme.unicodeScalars.first == "e")
        #expect(buffer[1, 0].grapheme == "x")
        let family = "👨🏻\u{200D}❤️\u{200D}💋\u{200D}👨🏼"
        buffer.put(text: family, x: 2, y: 0, style: .plain)
        #expect(buffer[2, 0].grapheme == family, "the longest emoji sequences stay whole")
    }

    @Test func aClusterWithAControlNeverReachesACell() {
        var buffer = CellBuffer(width: 3, height: 1)
        buffer.put(Character("e\u{301}"), x: 0, y: 0, style: .plain)
        buffer.put(Character("\u{1B}"), x: 1, y: 0, style: .plain)
        #expect(buffer[0, 0].grapheme == "e\u{301}")
        #expect(buffer[1, 0].grapheme == "\u{FFFD}")
    }
}
