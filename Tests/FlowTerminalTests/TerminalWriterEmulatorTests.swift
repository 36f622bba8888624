import Testing
@testable import FlowTerminal

/// The writer against libvterm: whatever sequence of frames it is given (edits, scrolls with
/// and without a hint, resizes, wide glyphs, styles), the emulated screen ends up showing
/// exactly the last buffer.
@Suite struct TerminalWriterEmulatorTests {
    /// Glyphs libvterm and `DisplayWidth` agree on (terminals disagree on flags, skin tones and
    /// VS16 sequences, which are left out): ASCII, CJK, a combining mark, a wide emoji, blocks.
    static let glyphs: [Character] = ["a", "b", "x", "Z", "0", "-", " ", " ", "漢", "字", "é", "e\u{301}", "😀", "⌚", "─", "▀"]
    static let palette: [TerminalColor?] = [nil, TerminalColor(red: 200, green: 30, blue: 30), TerminalColor(red: 20, green: 120, blue: 250), TerminalColor(red: 240, green: 240, blue: 240)]

    static func randomStyle(_ random: inout SeededGenerator) -> CellStyle {
        var attributes: CellAttributes = []
        for flag in [CellAttributes.bold, .italic, .underline, .reverse, .strikethrough] where Int.random(in: 0..<5, using: &random) == 0 {
            attributes.insert(flag)
        }
        return CellStyle(foreground: palette.randomElement(using: &random)!, background: palette.randomElement(using: &random)!, attributes: attributes)
    }

    static func scribble(_ buffer: inout CellBuffer, count: Int, random: inout SeededGenerator) {
        guard buffer.width > 0, buffer.height > 0 else { return }
        for _ in 0..<count {
            let x = Int.random(in: 0..<buffer.width, using: &random), y = Int.random(in: 0..<buffer.height, using: &random)
            let length = Int.random(in: 1...8, using: &random)
            let text = String((0..<length).map { _ in glyphs.randomElement(using: &random)! })
            buffer.put(text: text, x: x, y: y, style: randomStyle(&random))
        }
    }

    /// Moves rows `top..<bottom` of `buffer` up by `delta`, as a scrolled body does.
    static func scrolled(_ buffer: CellBuffer, top: Int, bottom: Int, delta: Int, random: inout SeededGenerator) -> CellBuffer {
        var next = buffer
        for y in top..<bottom {
            let source = y + delta
            if source >= top, source < bottom {
                next.copyRow(from: buffer, sourceRow: source, to: y)
            } else {
                next.copyRow(from: buffer, sourceRow: nil, to: y)
                next.put(text: "new row \(y)", x: 0, y: y, style: randomStyle(&random))
            }
        }
        return next
    }

    @Test(arguments: (1...24).map(UInt64.init))
    func randomFrameSequencesEndOnTheLastBuffer(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var width = Int.random(in: 8...40, using: &random), height = Int.random(in: 4...14, using: &random)
        let emulator = Emulator(columns: width, rows: height)
        var writer = TerminalWriter(colorDepth: .truecolor, usesSynchronizedOutput: seed % 2 == 0)
        emulator.feed(TerminalModes().enterSequence)
        var buffer = CellBuffer(width: width, height: height)
        for step in 0..<60 {
            var frame = Frame(buffer: buffer)
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                width = Int.random(in: 6...40, using: &random)
                height = Int.random(in: 3...14, using: &random)
                emulator.resize(columns: width, rows: height)
                buffer = CellBuffer(width: width, height: height)
                Self.scribble(&buffer, count: 12, random: &random)
                frame = Frame(buffer: buffer)
            case 1, 2, 3:
                let top = Int.random(in: 0..<max(1, height - 2), using: &random)
                let bottom = Int.random(in: (top + 2)...height, using: &random)
                let delta = Int.random(in: 1...max(1, bottom - top - 1), using: &random) * (Bool.random(using: &random) ? 1 : -1)
                buffer = Self.scrolled(buffer, top: top, bottom: bottom, delta: delta, random: &random)
                // A hint that is sometimes a lie: the writer must check it against the cells.
                let honest = Int.random(in: 0..<4, using: &random) > 0
                frame = Frame(buffer: buffer, scroll: ScrollHint(top: top, bottom: bottom, delta: honest ? delta : -delta))
            case 4:
                frame = Frame(buffer: buffer)  // nothing changed
            default:
                Self.scribble(&buffer, count: Int.random(in: 1...6, using: &random), random: &random)
                frame = Frame(buffer: buffer)
            }
            emulator.feed(writer.encode(frame))
            let differences = emulator.differences(from: buffer)
            #expect(differences.isEmpty, "seed \(seed) step \(step): \(differences.prefix(5))\n\(buffer.debugPicture)")
            if !differences.isEmpty { return }
        }
    }

    @Test func theLastColumnNeverScrollsTheScreen() {
        var buffer = CellBuffer(width: 6, height: 3)
        for y in 0..<3 { buffer.put(text: "abcdef", x: 0, y: y, style: .plain) }
        buffer.put(text: "漢", x: 4, y: 2, style: CellStyle(foreground: TerminalColor(red: 9, green: 9, blue: 9)))
        let emulator = Emulator(columns: 6, rows: 3)
        var writer = TerminalWriter(colorDepth: .truecolor)
        emulator.feed(writer.encode(Frame(buffer: buffer)))
        #expect(emulator.differences(from: buffer).isEmpty)
        var next = buffer
        next.put(text: "Z", x: 5, y: 0, style: .plain)
        emulator.feed(writer.encode(Frame(buffer: next)))
        #expect(emulator.differences(from: next).isEmpty)
    }
}
