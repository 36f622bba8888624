import FlowCore
import Testing
@testable import FlowTerminal

@Suite struct TextLayoutTests {
    func lines(_ text: String, width: Int, maxLines: Int? = nil, alignment: TextData.Alignment = .leading) -> [String] {
        TextLayout(StyledText(text), width: width, maxLines: maxLines, alignment: alignment).lines.map { line in
            String(repeating: " ", count: line.offset) + String(line.glyphs.map(\.character))
        }
    }

    @Test func wrapsAtWordBoundaries() {
        #expect(lines("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
    }

    @Test func breaksAWordLongerThanTheLine() {
        #expect(lines("abcdefghij xy", width: 4) == ["abcd", "efgh", "ij", "xy"])
    }

    @Test func neverSplitsAWideGlyphOrACluster() {
        #expect(lines("漢字漢字", width: 3) == ["漢", "字", "漢", "字"])
        #expect(lines("e\u{301}e\u{301}e\u{301}", width: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func maxLinesEndsInAnEllipsis() {
        #expect(lines("one two three four five", width: 9, maxLines: 2) == ["one two", "three…"])
        #expect(lines("fits", width: 9, maxLines: 1) == ["fits"])
    }

    @Test func newlinesBreakLines() {
        #expect(lines("a\nb c", width: 10) == ["a", "b c"])
    }

    @Test func alignment() {
        #expect(lines("ab", width: 6, alignment: .center) == ["  ab"])
        #expect(lines("ab", width: 6, alignment: .trailing) == ["    ab"])
    }

    @Test func zeroWidthLaysOutNothing() {
        #expect(lines("text", width: 0).isEmpty)
        #expect(lines("", width: 10).isEmpty)
    }

    @Test func markdownSubset() {
        let text = InlineMarkdown.parse("a **bold** and *it* `code` [link](https://x) \\*no\\* **open", base: .plain)
        #expect(text.string == "a bold and it code link *no* **open")
        let styles = Dictionary(text.runs.map { ($0.text, $0.style.attributes) }, uniquingKeysWith: { a, _ in a })
        #expect(styles["bold"] == .bold)
        #expect(styles["it"] == .italic)
        #expect(styles["code"] == .reverse)
        #expect(styles["link"] == .underline)
    }
}
