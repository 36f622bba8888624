import Testing
@testable import FlowTerminal

@Suite struct TerminalWriterTests {
    static func lines(_ rows: [String], width: Int) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: rows.count)
        for (y, row) in rows.enumerated() { buffer.put(text: row, x: 0, y: y, style: .plain) }
        return buffer
    }

    @Test func twoIdenticalFramesWriteNothing() {
        var writer = TerminalWriter(colorDepth: .truecolor, usesSynchronizedOutput: true)
        let buffer = Self.lines(["hello", "world"], width: 10)
        #expect(!writer.encode(Frame(buffer: buffer)).isEmpty)
        #expect(writer.encode(Frame(buffer: buffer)).isEmpty)
    }

    @Test func aChangedRunCostsAMoveTheStyleAndTheGlyphs() {
        var writer = TerminalWriter(colorDepth: .truecolor)
        var buffer = Self.lines(["hello world", "second row"], width: 20)
        _ = writer.encode(Frame(buffer: buffer))
        buffer.put(text: "W", x: 6, y: 0, style: CellStyle(attributes: .bold))
        let bytes = String(decoding: writer.encode(Frame(buffer: buffer)), as: UTF8.self)
        #expect(bytes == "\u{1B}[1;7H\u{1B}[1mW\u{1B}[m")
    }

    @Test func aScrolledBodyMovesRowsAndRepaintsOnlyWhatCameIn() {
        let rows = (0..<12).map { "row \($0) of the body, long enough to cost" }
        let before = Self.lines(["nav bar"] + rows, width: 48)
        let after = Self.lines(["nav bar"] + rows.dropFirst() + ["row 12 of the body, long enough to cost"], width: 48)
        var writer = TerminalWriter(colorDepth: .truecolor)
        let full = writer.encode(Frame(buffer: before))
        let emulator = Emulator(columns: 48, rows: 13)
        emulator.feed(full)
        let scrolled = writer.encode(Frame(buffer: after, scroll: ScrollHint(top: 1, bottom: 13, delta: 1)))
        emulator.feed(scrolled)
        #expect(emulator.differences(from: after).isEmpty)
        let text = String(decoding: scrolled, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[2;13r\u{1B}[S\u{1B}[r"))
        #expect(scrolled.count * 5 < full.count, "\(scrolled.count) bytes to scroll, \(full.count) for the whole screen")
    }

    @Test func aShortLineIsWrittenThenErasedToTheRight() {
        var writer = TerminalWriter(colorDepth: .truecolor)
        _ = writer.encode(Frame(buffer: Self.lines(["a long line of text here"], width: 30)))
        let bytes = String(decoding: writer.encode(Frame(buffer: Self.lines(["short"], width: 30))), as: UTF8.self)
        // The cursor is at the end of the row: a carriage return is the shortest way back.
        #expect(bytes == "\rshort\u{1B}[K")
    }

    @Test func aFrameIsWrappedInSynchronizedOutputWithTheCursorHidden() {
        var writer = TerminalWriter(colorDepth: .truecolor, usesSynchronizedOutput: true)
        let first = String(decoding: writer.encode(Frame(buffer: Self.lines(["hi"], width: 4), cursor: (x: 1, y: 0))), as: UTF8.self)
        #expect(first.hasPrefix("\u{1B}[?2026h"))
        #expect(first.hasSuffix("\u{1B}[?25h\u{1B}[?2026l"))
        let second = String(decoding: writer.encode(Frame(buffer: Self.lines(["ho"], width: 4), cursor: (x: 1, y: 0))), as: UTF8.self)
        #expect(second.hasPrefix("\u{1B}[?2026h\u{1B}[?25l"), "the cursor hides while the frame draws")
    }

    @Test func aResizeRepaintsEveryRow() {
        var writer = TerminalWriter(colorDepth: .truecolor)
        _ = writer.encode(Frame(buffer: Self.lines(["abc", "def"], width: 5)))
        let resized = Self.lines(["abc", "def", "ghi"], width: 6)
        let emulator = Emulator(columns: 6, rows: 3)
        emulator.feed(Array("xxxxxx\r\nyyyyyy\r\nzzzzzz".utf8))
        emulator.feed(writer.encode(Frame(buffer: resized)))
        #expect(emulator.differences(from: resized).isEmpty)
    }

    /// Black or white text is chosen against the colour the terminal shows, not the one asked:
    /// #E32E66 (black at 5.2 : 1) is written at 256 colours as #D7005F, where black reads at
    /// 4.05 : 1 and white at 5.18 : 1.
    @Test func blackOrWhiteTextIsChosenAgainstTheColourTheTerminalShows() {
        let pink = TerminalColor(red: 0xE3, green: 0x2E, blue: 0x66)
        let black = TerminalColor(red: 0, green: 0, blue: 0), white = TerminalColor(red: 255, green: 255, blue: 255)
        #expect(ContrastRatio.readableText(on: pink) == black)
        func encoded(_ depth: ColorDepth, foreground: TerminalColor) -> String {
            var buffer = CellBuffer(width: 2, height: 1)
            buffer.put(text: "G", x: 0, y: 0, style: CellStyle(foreground: foreground, background: pink))
            var writer = TerminalWriter(colorDepth: depth)
            return String(decoding: writer.encode(Frame(buffer: buffer)), as: UTF8.self)
        }
        #expect(encoded(.truecolor, foreground: black).contains("38;2;0;0;0"), "24-bit keeps the choice")
        #expect(encoded(.ansi256, foreground: black).contains("38;5;231"), "white on the palette's pink")
        #expect(!encoded(.ansi256, foreground: black).contains("38;5;16;"))
        for depth in [ColorDepth.ansi256, .ansi16] {
            let shown = ColorQuantizer.shown(pink, depth: depth)
            let text = ContrastRatio.readableText(on: shown)
            #expect(ContrastRatio.between(text, shown) >= ContrastRatio.minimumForText, "\(depth)")
            #expect(encoded(depth, foreground: white) == encoded(depth, foreground: black), "one choice, whatever 24-bit chose")
        }
        let red = TerminalColor(red: 255, green: 0, blue: 0)
        var buffer = CellBuffer(width: 2, height: 1)
        buffer.put(text: "r", x: 0, y: 0, style: CellStyle(foreground: red, background: pink))
        var writer = TerminalWriter(colorDepth: .ansi256)
        #expect(String(decoding: writer.encode(Frame(buffer: buffer)), as: UTF8.self).contains("38;5;196"), "a colour of the payload's own stays")
    }

    @Test func coloursFollowTheDepth() {
        let red = CellStyle(foreground: TerminalColor(red: 255, green: 0, blue: 0))
        func encoded(_ depth: ColorDepth) -> String {
            var buffer = CellBuffer(width: 2, height: 1)
            buffer.put(text: "r", x: 0, y: 0, style: red)
            var writer = TerminalWriter(colorDepth: depth)
            return String(decoding: writer.encode(Frame(buffer: buffer)), as: UTF8.self)
        }
        #expect(encoded(.truecolor).contains("38;2;255;0;0m"))
        #expect(encoded(.ansi256).contains("38;5;196m"))
        #expect(encoded(.ansi16).contains("[91m"))
        #expect(!encoded(.none).contains("38;") && !encoded(.none).contains("[9"))
    }
}
