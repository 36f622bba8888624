/// The terminal modes a full-screen session turns on, as data: the alternate screen, autowrap
/// off, a hidden cursor, mouse reporting (clicks and the wheel, SGR 1006 coordinates) and
/// bracketed paste.
///
/// Autowrap is off so that a glyph the terminal finds wider than `DisplayWidth` says (an emoji
/// sequence from the server) is cut at the right margin instead of wrapping to the next line,
/// which on the last row would scroll the whole screen.
///
/// `enterSequence` turns on what is set; `exitSequence` turns off exactly that, in the reverse
/// order, after ending synchronized output and resetting SGR and the scroll region (a signal
/// may arrive in the middle of a frame). `transition(to:)` gives only the changes between two
/// sets, so a host can flip one mode (mouse off while a text field has focus) without touching
/// the others.
public struct TerminalModes: Sendable, Hashable {
    public var alternateScreen: Bool
    /// DECAWM off (`CSI ?7l`): writing past the last column never wraps.
    public var disablesAutowrap: Bool
    public var hidesCursor: Bool
    public var reportsMouse: Bool
    public var bracketedPaste: Bool

    public init(
        alternateScreen: Bool = true, disablesAutowrap: Bool = true, hidesCursor: Bool = true, reportsMouse: Bool = true,
        bracketedPaste: Bool = true
    ) {
        self.alternateScreen = alternateScreen
        self.disablesAutowrap = disablesAutowrap
        self.hidesCursor = hidesCursor
        self.reportsMouse = reportsMouse
        self.bracketedPaste = bracketedPaste
    }

    /// Nothing turned on: the terminal as a shell leaves it.
    public static let none = TerminalModes(alternateScreen: false, disablesAutowrap: false, hidesCursor: false, reportsMouse: false, bracketedPaste: false)

    /// Each mode as its (on, off) sequences, in the order they are turned on.
    private var steps: [(on: String, off: String)] {
        var steps: [(String, String)] = []
        if alternateScreen { steps.append(("\u{1B}[?1049h", "\u{1B}[?1049l")) }
        if disablesAutowrap { steps.append(("\u{1B}[?7l", "\u{1B}[?7h")) }
        if hidesCursor { steps.append(("\u{1B}[?25l", "\u{1B}[?25h")) }
        if reportsMouse {
            steps.append(("\u{1B}[?1000h", "\u{1B}[?1000l"))
            steps.append(("\u{1B}[?1006h", "\u{1B}[?1006l"))
        }
        if bracketedPaste { steps.append(("\u{1B}[?2004h", "\u{1B}[?2004l")) }
        return steps
    }

    /// The bytes that turn these modes on.
    public var enterSequence: [UInt8] {
        Array(steps.map(\.on).joined().utf8)
    }

    /// The bytes that turn them off again: synchronized output ended, SGR and the scroll
    /// region reset (a frame cut short by a signal may have set one), then each mode's inverse
    /// in reverse order.
    public var exitSequence: [UInt8] {
        Array(("\u{1B}[?2026l\u{1B}[m\u{1B}[r" + steps.reversed().map(\.off).joined()).utf8)
    }

    /// The bytes that change `self` into `next`: modes turned off (in reverse order), then on.
    public func transition(to next: TerminalModes) -> [UInt8] {
        var bytes = ""
        if bracketedPaste && !next.bracketedPaste { bytes += "\u{1B}[?2004l" }
        if reportsMouse && !next.reportsMouse { bytes += "\u{1B}[?1006l\u{1B}[?1000l" }
        if hidesCursor && !next.hidesCursor { bytes += "\u{1B}[?25h" }
        if disablesAutowrap && !next.disablesAutowrap { bytes += "\u{1B}[?7h" }
        if alternateScreen && !next.alternateScreen { bytes += "\u{1B}[?1049l" }
        if !alternateScreen && next.alternateScreen { bytes += "\u{1B}[?1049h" }
        if !disablesAutowrap && next.disablesAutowrap { bytes += "\u{1B}[?7l" }
        if !hidesCursor && next.hidesCursor { bytes += "\u{1B}[?25l" }
        if !reportsMouse && next.reportsMouse { bytes += "\u{1B}[?1000h\u{1B}[?1006h" }
        if !bracketedPaste && next.bracketedPaste { bytes += "\u{1B}[?2004h" }
        return Array(bytes.utf8)
    }
}
