import Testing
@testable import FlowPresentation

/// Server text made fit to be read: the one rule for server text, one line, bounded.
@Suite struct AccessibilityTextTests {
    @Test func escapeSequencesAndBidiControlsAreRemoved() {
        let cleaned = AccessibilityText.clean("a\u{1B}]0;title\u{7}b\u{1B}[31mc\u{202E}d\u{2067}e\u{9B}f\u{7F}")
        #expect(cleaned == "a]0;titleb[31mcdef")
        #expect(cleaned.map { SafeText.isSafe($0) } == true)
    }

    @Test func whiteSpaceCollapsesToOneLine() {
        #expect(AccessibilityText.clean("  Wool\r\n\tcoat \u{00A0} Cora  ") == "Wool coat Cora")
        #expect(AccessibilityText.clean(" \n\t ") == nil)
        #expect(AccessibilityText.clean("\u{1B}\u{7}") == nil, "nothing readable is left")
        #expect(AccessibilityText.clean(nil) == nil)
    }

    @Test func tenThousandCombiningMarksAreBounded() {
        let marks = "e" + String(repeating: "\u{301}", count: 10_000)
        let cleaned = AccessibilityText.clean(marks)
        #expect(cleaned?.unicodeScalars.count == AccessibilityText.maximumScalars)
        #expect(cleaned?.unicodeScalars.first == "e")
        let long = AccessibilityText.joined([String(repeating: "a", count: 900), String(repeating: "b", count: 900)])
        #expect(long?.unicodeScalars.count == AccessibilityText.maximumScalars, "a joined label is bounded too")
    }

    @Test func joiningSkipsWhatIsUnreadable() {
        #expect(AccessibilityText.joined(["Coat", nil, " ", "\u{1B}", "$10"]) == "Coat, $10")
        #expect(AccessibilityText.joined([nil, ""]) == nil)
    }

    @Test func markdownIsSpokenAsItsText() {
        #expect(AccessibilityText.spoken(.init("**Big** `code` \\*star\\*", isMarkdown: true)) == "Big code *star*")
        #expect(AccessibilityText.spoken(.init("**as written**")) == "**as written**")
    }

    @Test func invisibleScalarsAloneAreNothingReadable() {
        for invisible in ["\u{200B}", "\u{2060}\u{FEFF}", "\u{200B} \u{200C}\u{200D}", "\u{FE0F}", "\u{206A}\u{206F}"] {
            #expect(AccessibilityText.clean(invisible) == nil, "\(invisible.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(AccessibilityText.clean("Sale\u{200B}") == "Sale\u{200B}", "beside readable text they stay as written")
        #expect(AccessibilityText.clean("e\u{301}") == "e\u{301}")
    }
}
