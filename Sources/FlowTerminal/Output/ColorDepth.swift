/// How many colours the terminal shows. The buffer holds 24-bit colour; the writer reduces it.
public enum ColorDepth: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// No colour (`NO_COLOR`): attributes (bold, dim, reverse, underline) still show.
    case none
    /// The 16 ANSI colours.
    case ansi16
    /// The xterm 256-colour palette.
    case ansi256
    /// 24-bit colour.
    case truecolor

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What the output can take, from the environment and whether it is a terminal.
public struct TerminalProfile: Sendable, Hashable {
    /// Whether any escape sequence may be written (no for `TERM=dumb` or a file or pipe when
    /// asked to follow the terminal rule).
    public var allowsEscapes: Bool
    public var colorDepth: ColorDepth

    public init(allowsEscapes: Bool, colorDepth: ColorDepth) {
        self.allowsEscapes = allowsEscapes
        self.colorDepth = allowsEscapes ? colorDepth : .none
    }

    /// Text only.
    public static let plain = TerminalProfile(allowsEscapes: false, colorDepth: .none)

    /// The profile the environment describes (conventions of no-color.org and terminfo):
    /// no TTY or `TERM=dumb` writes no escapes; `NO_COLOR` with any non-empty value removes
    /// colour and keeps attributes; `COLORTERM=truecolor|24bit` or a `*-direct` TERM is
    /// 24-bit; a `*256color*` TERM is 256 colours; any other TERM 16.
    public static func detect(environment: [String: String], isTerminal: Bool) -> TerminalProfile {
        let term = environment["TERM"] ?? ""
        guard isTerminal, term != "dumb" else { return .plain }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            return TerminalProfile(allowsEscapes: true, colorDepth: .none)
        }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") {
            return TerminalProfile(allowsEscapes: true, colorDepth: .truecolor)
        }
        if term.contains("256color") { return TerminalProfile(allowsEscapes: true, colorDepth: .ansi256) }
        return TerminalProfile(allowsEscapes: true, colorDepth: .ansi16)
    }
}
