import Testing
@testable import FlowPresentation

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

    /// U+2028 reached the terminal raw: tmux moved its cursor on it while the layout counted a
    /// cell, and stale letters stayed on screen.
    @Test func lineAndParagraphSeparatorsBreakLikeNewlines() {
        #expect(SafeText.cleaned("a\u{2028}b\u{2029}c") == "a\nb\nc")
        #expect(SafeText.cleaned("a\u{2028}b", keepingNewlines: false) == "a b")
        #expect(!SafeText.isSafe("a\u{2028}b"))
    }

    @Test func deprecatedFormatControlsAreRemoved() {
        #expect(SafeText.cleaned("a\u{206A}b\u{206F}c") == "abc")
    }
}
