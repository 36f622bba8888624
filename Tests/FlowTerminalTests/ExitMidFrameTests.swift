import Testing
@testable import FlowTerminal

/// A signal can cut a frame short (a write the kernel took in part): the exit bytes must give
/// the shell back a whole screen even when the frame stopped after setting a scroll region.
@Suite struct ExitMidFrameTests {
    @Test func aFrameCutAfterItsScrollRegionLeavesNoRegionBehind() {
        let emulator = Emulator(columns: 10, rows: 6)
        emulator.feed(Array("shell\r\n".utf8))
        emulator.feed(TerminalModes().enterSequence)
        // The frame's scroll of rows 2–4 was cut before it reset the region.
        emulator.feed(Array("\u{1B}[2;4r\u{1B}[S".utf8))
        emulator.feed(TerminalModes().exitSequence)
        // The shell prints six lines from its last row: the whole screen must scroll.
        emulator.feed(Array("\u{1B}[6;1H".utf8))
        for line in 1...6 { emulator.feed(Array("\r\nline \(line)".utf8)) }
        let rows = (0..<6).map { y in (0..<10).map { emulator.cell(x: $0, y: y).text }.joined().trimmingCharacters(in: .whitespaces) }
        #expect(rows == ["line 1", "line 2", "line 3", "line 4", "line 5", "line 6"])
    }
}
