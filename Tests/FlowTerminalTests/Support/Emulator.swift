import CVTerm
@testable import FlowTerminal

/// libvterm, a real terminal emulator, fed what the writer sends; its screen is read back as
/// cells to compare with the buffer the writer was given.
final class Emulator {
    private let terminal: OpaquePointer
    private let screen: OpaquePointer
    private(set) var rows: Int
    private(set) var columns: Int

    init(columns: Int, rows: Int) {
        self.rows = rows
        self.columns = columns
        terminal = vterm_new(Int32(rows), Int32(columns))
        vterm_set_utf8(terminal, 1)
        screen = vterm_obtain_screen(terminal)
        vterm_screen_enable_altscreen(screen, 1)
        vterm_screen_reset(screen, 1)
    }

    deinit {
        vterm_free(terminal)
    }

    func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                _ = vterm_input_write(terminal, pointer, buffer.count)
            }
        }
    }

    func resize(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        vterm_set_size(terminal, Int32(rows), Int32(columns))
    }

    /// What the emulator shows at a cell: its characters, width, and the attributes and
    /// colours both sides can express (libvterm has no dim).
    struct ShownCell: Equatable, CustomStringConvertible {
        var text: String
        var width: Int
        var bold: Bool
        var italic: Bool
        var underline: Bool
        var reverse: Bool
        var strike: Bool
        var foreground: TerminalColor?
        var background: TerminalColor?

        var description: String {
            "'\(text)' w\(width)\(bold ? " b" : "")\(italic ? " i" : "")\(underline ? " u" : "")\(reverse ? " r" : "")\(strike ? " s" : "") fg:\(foreground.map { "\($0.red),\($0.green),\($0.blue)" } ?? "-") bg:\(background.map { "\($0.red),\($0.green),\($0.blue)" } ?? "-")"
        }
    }

    func cell(x: Int, y: Int) -> ShownCell {
        var cell = VTermScreenCell()
        _ = vterm_screen_get_cell(screen, VTermPos(row: Int32(y), col: Int32(x)), &cell)
        var scalars = String.UnicodeScalarView()
        withUnsafeBytes(of: cell.chars) { raw in
            for value in raw.bindMemory(to: UInt32.self) {
                guard value != 0, value != UInt32.max, let scalar = Unicode.Scalar(value) else { break }
                scalars.append(scalar)
            }
        }
        let text = scalars.isEmpty ? " " : String(scalars)
        return ShownCell(
            text: text, width: Int(cell.width), bold: cell.attrs.bold != 0, italic: cell.attrs.italic != 0,
            underline: cell.attrs.underline != 0, reverse: cell.attrs.reverse != 0, strike: cell.attrs.strike != 0,
            foreground: color(cell.fg, defaultFlag: 0x02), background: color(cell.bg, defaultFlag: 0x04))
    }

    private func color(_ color: VTermColor, defaultFlag: UInt8) -> TerminalColor? {
        if color.type & defaultFlag != 0 { return nil }
        var converted = color
        vterm_screen_convert_color_to_rgb(screen, &converted)
        return TerminalColor(red: converted.rgb.red, green: converted.rgb.green, blue: converted.rgb.blue)
    }

    /// The cell the buffer says should show, in the same terms.
    static func expected(_ cell: Cell) -> ShownCell {
        let attributes = cell.style.attributes
        return ShownCell(
            text: cell.grapheme, width: Int(cell.width), bold: attributes.contains(.bold), italic: attributes.contains(.italic),
            underline: attributes.contains(.underline), reverse: attributes.contains(.reverse),
            strike: attributes.contains(.strikethrough), foreground: cell.style.foreground, background: cell.style.background)
    }

    /// Every difference between the screen and `buffer`, as readable lines (empty when equal).
    func differences(from buffer: CellBuffer) -> [String] {
        var differences: [String] = []
        for y in 0..<buffer.height {
            for x in 0..<buffer.width where !buffer[x, y].isContinuation {
                let shown = cell(x: x, y: y), wanted = Self.expected(buffer[x, y])
                if shown != wanted { differences.append("(\(x), \(y)): screen \(shown), buffer \(wanted)") }
            }
        }
        return differences
    }
}
