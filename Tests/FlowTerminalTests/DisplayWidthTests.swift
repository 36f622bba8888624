import Testing
@testable import FlowTerminal

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("漢", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2), ("\u{1100}\u{1161}\u{11A8}", 2),
        ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🧑‍🌾", 2), ("🇩🇪", 2), ("🇺🇳", 2),
        ("☺", 1), ("☺\u{FE0F}", 2), ("⌚", 2), ("⌚\u{FE0E}", 1), ("1\u{FE0F}\u{20E3}", 2), ("\u{301}", 0), ("\u{200B}", 0),
    ] as [(String, Int)])
    func widthOfOneCluster(text: String, width: Int) {
        #expect(text.count == 1)
        #expect(DisplayWidth.of(Character(text)) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func widthOfText() {
        #expect(DisplayWidth.of("Grüße, 世界 👋") == 14)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test func tablesAreSortedAndDisjoint() {
        for table in [UnicodeWidthTables.wide, UnicodeWidthTables.emojiPresentation, UnicodeWidthTables.emoji, UnicodeWidthTables.zeroWidth] {
            for (a, b) in zip(table, table.dropFirst()) { #expect(a.upperBound < b.lowerBound) }
        }
        #expect(UnicodeWidthTables.unicodeVersion.hasPrefix("15."))
    }

    @Test func aWideGlyphStraddlingTheClipIsReplacedByABlank() {
        var buffer = CellBuffer(width: 5, height: 1)
        buffer.put(text: "ab漢", x: 2, y: 0, style: .plain)
        #expect(buffer.plainLines == ["  ab"])
        #expect(buffer[4, 0].isBlank)
        buffer.put("字", x: -1, y: 0, style: .plain)
        #expect(buffer[0, 0].isBlank)
        var clipped = CellBuffer(width: 6, height: 1)
        clipped.put(text: "漢字", x: 0, y: 0, style: .plain, clip: CellRect(x: 0, y: 0, width: 3, height: 1))
        #expect(clipped.plainLines == ["漢"])
    }

    @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
        var buffer = CellBuffer(width: 4, height: 1)
        buffer.put(text: "漢字", x: 0, y: 0, style: .plain)
        buffer.put("x", x: 1, y: 0, style: .plain)
        #expect(buffer.plainLines == [" x字"])
        buffer.put("y", x: 2, y: 0, style: .plain)
        #expect(buffer.plainLines == [" xy"])
        #expect(!buffer[3, 0].isContinuation)
    }
}
