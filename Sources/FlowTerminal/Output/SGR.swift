/// Select Graphic Rendition: the shortest sequence that turns one cell style into another.
enum SGR {
    /// `CSI m`: every attribute and colour back to the terminal's default.
    static let reset: [UInt8] = Array("\u{1B}[m".utf8)

    /// `style` as the terminal shows it at `depth` (no colours at `.none`). Black or white
    /// text on a background was chosen against the 24-bit background
    /// (`ContrastRatio.readableText`); below 24 bits it is chosen again against the palette
    /// colour the background is written as, which may want the other (#E32E66 wants black,
    /// the 256-colour #D7005F it becomes wants white).
    static func effective(_ style: CellStyle, depth: ColorDepth) -> CellStyle {
        switch depth {
        case .none:
            return CellStyle(attributes: style.attributes)
        case .truecolor:
            return style
        case .ansi256, .ansi16:
            guard let foreground = style.foreground, foreground == black || foreground == white, let background = style.background else {
                return style
            }
            var style = style
            style.foreground = ContrastRatio.readableText(on: ColorQuantizer.shown(background, depth: depth))
            return style
        }
    }

    private static let black = TerminalColor(red: 0, green: 0, blue: 0)
    private static let white = TerminalColor(red: 255, green: 255, blue: 255)

    /// Whether `style` looks like the terminal's default at `depth`.
    static func isDefault(_ style: CellStyle, depth: ColorDepth) -> Bool {
        effective(style, depth: depth) == .plain
    }

    /// Appends the SGR that changes `old` into `new` (nothing when they look the same): the
    /// delta of attributes and colours, or a reset and the full style when that is shorter.
    static func append(from old: CellStyle, to new: CellStyle, depth: ColorDepth, into bytes: inout [UInt8]) {
        let old = effective(old, depth: depth), new = effective(new, depth: depth)
        guard old != new else { return }
        var delta: [String] = []
        let removed = old.attributes.subtracting(new.attributes)
        var added = new.attributes.subtracting(old.attributes)
        if !removed.intersection([.bold, .dim]).isEmpty {
            delta.append("22")
            added.formUnion(new.attributes.intersection([.bold, .dim]))
        }
        if removed.contains(.italic) { delta.append("23") }
        if removed.contains(.underline) { delta.append("24") }
        if removed.contains(.reverse) { delta.append("27") }
        if removed.contains(.strikethrough) { delta.append("29") }
        delta += on(added)
        if old.foreground != new.foreground { delta.append(color(new.foreground, background: false, depth: depth)) }
        if old.background != new.background { delta.append(color(new.background, background: true, depth: depth)) }
        var full = ["0"] + on(new.attributes)
        if let foreground = new.foreground { full.append(color(foreground, background: false, depth: depth)) }
        if let background = new.background { full.append(color(background, background: true, depth: depth)) }
        let chosen = joinedLength(full) < joinedLength(delta) ? full : delta
        bytes += [0x1B, 0x5B]
        bytes += chosen.joined(separator: ";").utf8
        bytes.append(0x6D)
    }

    private static func joinedLength(_ parameters: [String]) -> Int {
        parameters.reduce(0) { $0 + $1.utf8.count } + max(0, parameters.count - 1)
    }

    private static func on(_ attributes: CellAttributes) -> [String] {
        var codes: [String] = []
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.italic) { codes.append("3") }
        if attributes.contains(.underline) { codes.append("4") }
        if attributes.contains(.reverse) { codes.append("7") }
        if attributes.contains(.strikethrough) { codes.append("9") }
        return codes
    }

    private static func color(_ color: TerminalColor?, background: Bool, depth: ColorDepth) -> String {
        guard let color else { return background ? "49" : "39" }
        switch depth {
        case .none:
            return background ? "49" : "39"
        case .ansi16:
            let index = Int(ColorQuantizer.index16(color))
            let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            return String(base + index % 8)
        case .ansi256:
            return "\(background ? 48 : 38);5;\(ColorQuantizer.index256(color))"
        case .truecolor:
            return "\(background ? 48 : 38);2;\(color.red);\(color.green);\(color.blue)"
        }
    }
}
