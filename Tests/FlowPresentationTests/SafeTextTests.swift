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
}
