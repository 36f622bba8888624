/// A 24-bit colour. The buffer always holds full colour; the writer reduces it to what the
/// terminal shows (`ColorDepth`) when it encodes a frame.
public struct TerminalColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Mixes `other` into this colour by `amount` (0 this, 1 other).
    public func mixed(with other: TerminalColor, amount: Double) -> TerminalColor {
        let t = min(max(amount, 0), 1)
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return TerminalColor(red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue))
    }

    /// Relative luminance, 0…1, to choose readable text on a background.
    public var luminance: Double {
        (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
    }
}

/// Attributes that survive `NO_COLOR`: focus and emphasis stay visible without colour.
public struct CellAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let italic = CellAttributes(rawValue: 1 << 2)
    public static let underline = CellAttributes(rawValue: 1 << 3)
    public static let reverse = CellAttributes(rawValue: 1 << 4)
    public static let strikethrough = CellAttributes(rawValue: 1 << 5)
}

/// How a cell draws: colours (`nil` is the terminal's own) and attributes.
public struct CellStyle: Sendable, Hashable {
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    public var attributes: CellAttributes

    public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil, attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = CellStyle()

    /// This style with `attributes` added.
    public func adding(_ attributes: CellAttributes) -> CellStyle {
        var style = self
        style.attributes.formUnion(attributes)
        return style
    }

    /// This style over a background: keeps its own background when it has one.
    public func over(background: TerminalColor?) -> CellStyle {
        var style = self
        if style.background == nil { style.background = background }
        return style
    }
}
