import Testing
@testable import FlowTerminal

/// Clusters terminals measure differently from `DisplayWidth` (emoji sequences: VS15/VS16,
/// skin tones, ZWJ families, keycaps; a wcwidth terminal adds up their scalars) come from the
/// server in any text. Whatever width the terminal gives them, the rest of the screen stays
/// exactly the buffer, and nothing wraps or scrolls.
@Suite struct UncertainWidthTests {
    static let clusters = ["❤️", "⌚︎", "1️⃣", "👍🏽", "👩‍👩‍👧", "🇫🇷", "☺️"]

    /// Every cell of `buffer` except those of the uncertain clusters themselves (their own look
    /// is up to the terminal) differs from the emulator's screen.
    static func differences(_ emulator: Emulator, _ buffer: CellBuffer) -> [String] {
        var differences: [String] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                if cell.isContinuation || DisplayWidth.isUncertain(cell.grapheme) { continue }
                if x > 0, DisplayWidth.isUncertain(buffer[x - 1, y].grapheme) { continue }
                let shown = emulator.cell(x: x, y: y), wanted = Emulator.expected(cell)
                if shown.text != wanted.text { differences.append("(\(x), \(y)): screen '\(shown.text)', buffer '\(wanted.text)'") }
            }
        }
        return differences
    }

    @Test(arguments: clusters)
    func theRestOfTheRowStaysInPlace(cluster: String) {
        let emulator = Emulator(columns: 20, rows: 3)
        emulator.feed(TerminalModes().enterSequence)
        var writer = TerminalWriter(colorDepth: .truecolor)
        var buffer = CellBuffer(width: 20, height: 3)
        for y in 0..<3 { buffer.put(text: "abcdefghijklmnopqrst", x: 0, y: y, style: .plain) }
        emulator.feed(writer.encode(Frame(buffer: buffer)))
        buffer.put(text: "<\(cluster)>tail", x: 2, y: 1, style: .plain)
        emulator.feed(writer.encode(Frame(buffer: buffer)))
        #expect(Self.differences(emulator, buffer).isEmpty, "\(Self.differences(emulator, buffer))")
        // Only the cluster changes back: the cells after it must still be right.
        buffer.put(text: "xy", x: 3, y: 1, style: .plain)
        emulator.feed(writer.encode(Frame(buffer: buffer)))
        buffer.put(text: cluster, x: 3, y: 1, style: .plain)
        emulator.feed(writer.encode(Frame(buffer: buffer)))
        #expect(Self.differences(emulator, buffer).isEmpty, "\(Self.differences(emulator, buffer))")
    }

    @Test(arguments: clusters)
    func theLastColumnOfTheLastRowNeverScrolls(cluster: String) {
        let emulator = Emulator(columns: 8, rows: 3)
        emulator.feed(TerminalModes().enterSequence)
        var writer = TerminalWriter(colorDepth: .truecolor)
        var buffer = CellBuffer(width: 8, height: 3)
        buffer.put(text: "top row", x: 0, y: 0, style: .plain)
        let width = DisplayWidth.of(Character(cluster))
        buffer.put(text: cluster, x: 8 - width, y: 2, style: .plain)
        emulator.feed(writer.encode(Frame(buffer: buffer)))
        #expect(emulator.cell(x: 0, y: 0).text == "t", "the screen scrolled")
        #expect(Self.differences(emulator, buffer).isEmpty, "\(Self.differences(emulator, buffer))")
    }
}
