import Testing
@testable import FlowTerminal

@Suite struct SafeTextTests {
    @Test func controlsEscapesAndBidiOverridesAreRemoved() {
        let hostile = "a\u{1B}[31mb\u{9B}c\u{7F}d\u{202E}e\u{2067}f\u{200F}g\u{0}h\u{7}"
        let cleaned = SafeText.cleaned(hostile)
        #expect(cleaned == "a[31mbcdefgh")
        #expect(SafeText.isSafe(cleaned))
    }

    @Test func newlinesBreakAndTabsBecomeSpaces() {
        #expect(SafeText.cleaned("a\r\nb\rc\nd\te") == "a\nb\nc\nd e")
        #expect(SafeText.cleaned("a\nb", keepingNewlines: false) == "a b")
    }

    @Test func aClusterWithAControlNeverReachesACell() {
        var buffer = CellBuffer(width: 3, height: 1)
        buffer.put(Character("e\u{301}"), x: 0, y: 0, style: .plain)
        buffer.put(Character("\u{1B}"), x: 1, y: 0, style: .plain)
        #expect(buffer[0, 0].grapheme == "e\u{301}")
        #expect(buffer[1, 0].grapheme == "\u{FFFD}")
    }
}
