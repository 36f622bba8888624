import Testing
@testable import FlowTerminal

@Suite struct InputDecoderTests {
    func decode(_ text: String) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test func keys() {
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.key(.up), .key(.down), .key(.right), .key(.left)])
        #expect(decode("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~") == [.key(.pageUp), .key(.pageDown), .key(.home), .key(.end), .key(.home), .key(.end)])
        #expect(decode("\u{1B}OA\u{1B}OH") == [.key(.up), .key(.home)])
        #expect(decode("\r\t\u{7F}\u{1B}[Z\u{1B}[3~") == [.key(.enter), .key(.tab), .key(.backspace), .key(.backTab), .key(.delete)])
        #expect(decode("\u{3}\u{11}") == [.key(.ctrl("c")), .key(.ctrl("q"))])
        #expect(decode("\u{1B}[1;5C") == [.key(.right, modifiers: .ctrl)])
        #expect(decode("\u{1B}x") == [.key(.ctrl("x"), modifiers: .alt)])
    }

    @Test func textIsUTF8AndSurvivesSplitReads() {
        var decoder = InputDecoder()
        let bytes = Array("é漢".utf8)
        #expect(decoder.decode(Array(bytes[0..<1])) == [])
        #expect(decoder.decode(Array(bytes[1..<3])) == [.text("é")])
        #expect(decoder.decode(Array(bytes[3...])) == [.text("漢")])
        var invalid = InputDecoder()
        #expect(invalid.decode([0xFF, 0x61]) == [.text("\u{FFFD}"), .text("a")])
    }

    @Test func escapeWaitsForItsTimeout() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flushPendingEscape() == [.key(.escape)])
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.decode(Array("[A".utf8)) == [.key(.up)], "the rest of the sequence came in time")
    }

    @Test func aSequenceCutOffDoesNotSwallowTheNextKey() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.flushPendingEscape() == [.key(.ctrl("["), modifiers: .alt)])
        #expect(decoder.decode(Array("q".utf8)) == [.text("q")], "q after Alt-[ still quits")
        #expect(decoder.decode(Array("\u{1B}[1;".utf8)) == [])
        #expect(decoder.flushPendingEscape() == [])
        #expect(!decoder.hasPending)
        #expect(decoder.decode(Array("j".utf8)) == [.text("j")])
        #expect(decoder.decode(Array("\u{1B}O".utf8)) == [])
        #expect(decoder.flushPendingEscape() == [.key(.ctrl("O"), modifiers: .alt)])
        // Inside a paste nothing is flushed: the end marker may still be coming.
        #expect(decoder.decode(Array("\u{1B}[200~ab\u{1B}[20".utf8)) == [])
        #expect(decoder.flushPendingEscape() == [])
        #expect(decoder.decode(Array("1~".utf8)) == [.paste("ab")])
    }

    @Test func sgrMouse() {
        #expect(decode("\u{1B}[<0;10;5M\u{1B}[<0;10;5m") == [
            .mouse(MouseEvent(action: .press, button: 0, x: 9, y: 4)), .mouse(MouseEvent(action: .release, button: 0, x: 9, y: 4)),
        ])
        #expect(decode("\u{1B}[<64;1;1M\u{1B}[<65;1;1M") == [
            .mouse(MouseEvent(action: .wheelUp, button: 0, x: 0, y: 0)), .mouse(MouseEvent(action: .wheelDown, button: 0, x: 0, y: 0)),
        ])
        #expect(decode("\u{1B}[<34;3;3M") == [.mouse(MouseEvent(action: .drag, button: 2, x: 2, y: 2))])
    }

    @Test func pasteIsOneEventEvenAcrossReads() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~hello\u{1B}[A wor".utf8)) == [])
        #expect(decoder.decode(Array("ld\u{1B}[20".utf8)) == [])
        #expect(decoder.decode(Array("1~x".utf8)) == [.paste("hello\u{1B}[A world"), .text("x")])
    }
}

@Suite struct TerminalModesTests {
    @Test func enterAndExitBytesAreGolden() {
        let modes = TerminalModes()
        #expect(String(decoding: modes.enterSequence, as: UTF8.self) == "\u{1B}[?1049h\u{1B}[?7l\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h")
        #expect(String(decoding: modes.exitSequence, as: UTF8.self) == "\u{1B}[?2026l\u{1B}[m\u{1B}[r\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?7h\u{1B}[?1049l")
    }

    @Test func aTransitionChangesOnlyWhatDiffers() {
        var next = TerminalModes()
        next.reportsMouse = false
        #expect(String(decoding: TerminalModes().transition(to: next), as: UTF8.self) == "\u{1B}[?1006l\u{1B}[?1000l")
        #expect(TerminalModes().transition(to: TerminalModes()).isEmpty)
        #expect(TerminalModes.none.transition(to: TerminalModes()) == TerminalModes().enterSequence)
    }

    @Test func synchronizedOutputReplies() {
        #expect(SynchronizedOutput.parseReply(Array("\u{1B}[?2026;2$y\u{1B}[?62c".utf8)).supported == true)
        #expect(SynchronizedOutput.parseReply(Array("\u{1B}[?2026;0$y\u{1B}[?62c".utf8)).supported == false)
        let mixed = SynchronizedOutput.parseReply(Array("ab\u{1B}[?2026;1$yc\u{1B}[?62;22cd".utf8))
        #expect(mixed.supported == true)
        #expect(mixed.rest == Array("abcd".utf8))
        #expect(SynchronizedOutput.parseReply(Array("typed keys".utf8)).supported == nil)
        #expect(SynchronizedOutput.known(environment: ["TERM": "dumb"]) == false)
        #expect(SynchronizedOutput.known(environment: ["TERM": "xterm-kitty"]) == true)
        #expect(SynchronizedOutput.known(environment: ["TERM": "xterm-256color"]) == nil)
    }

    @Test func colourDepthFromTheEnvironment() {
        #expect(TerminalProfile.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"], isTerminal: true).colorDepth == .truecolor)
        #expect(TerminalProfile.detect(environment: ["TERM": "xterm-256color"], isTerminal: true).colorDepth == .ansi256)
        #expect(TerminalProfile.detect(environment: ["TERM": "xterm"], isTerminal: true).colorDepth == .ansi16)
        let noColor = TerminalProfile.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], isTerminal: true)
        #expect(noColor.allowsEscapes && noColor.colorDepth == .none)
        #expect(TerminalProfile.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": ""], isTerminal: true).colorDepth == .ansi256)
        #expect(TerminalProfile.detect(environment: ["TERM": "dumb"], isTerminal: true) == .plain)
        #expect(TerminalProfile.detect(environment: ["TERM": "xterm-256color"], isTerminal: false) == .plain)
    }

    @Test func noColorKeepsAttributesSoFocusStaysVisible() {
        var buffer = CellBuffer(width: 3, height: 1)
        buffer.put(text: "ok", x: 0, y: 0, style: CellStyle(foreground: TerminalColor(red: 1, green: 2, blue: 3), attributes: [.reverse, .bold]))
        let line = buffer.styledLines(depth: .none)[0]
        #expect(line == "\u{1B}[1;7mok\u{1B}[m")
    }
}
