/// A colour as the backend names it. Short form: `"#RRGGBB"` or `"#AARRGGBB"` (alpha first).
///
/// Kept as written; the theme resolves it for a light or dark scheme (a known `token` wins
/// over `hex`). A hex string that does not parse is not a decoding failure: it resolves to
/// the theme's fallback, so one bad colour never costs a widget.
public struct ColorData: Sendable, Hashable, JSONDecodable, ExpressibleByStringLiteral {
    public var hex: String?
    /// The colour in dark mode; `hex` when absent.
    public var darkHex: String?
    /// A theme token (`brand.primary`); wins over `hex` when the theme knows it.
    public var token: String?
    /// Opacity multiplied into the resolved colour, 0…1.
    public var alpha: Double?

    public init(hex: String? = nil, darkHex: String? = nil, token: String? = nil, alpha: Double? = nil) {
        self.hex = hex
        self.darkHex = darkHex
        self.token = token
        self.alpha = alpha
    }

    public init(stringLiteral value: String) {
        self.init(hex: value)
    }

    /// A hex string is a colour by itself: decoded without a node.
    public static func decodedWithoutNode(_ value: JSONValue) -> ColorData? {
        if case .string(let hex) = value { return ColorData(hex: hex) }
        return nil
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        if case .string(let hex) = node.value {
            self.init(hex: hex)
            return
        }
        _ = try node.object()
        self.init(
            hex: try node.optional("hex"),
            darkHex: try node.optional("dark_hex"),
            token: try node.optional("token"),
            alpha: try node.optional("alpha")
        )
        if let value = alpha, !(0...1).contains(value) {
            let clamped = min(max(value, 0), 1)
            node.reportAdjusted(at: "alpha", "alpha \(value) is outside [0, 1]: clamped to \(clamped)")
            alpha = clamped
        }
    }
}

/// An sRGB colour with straight alpha, each channel 0…255.
public struct RGBAColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RGB`, `#RRGGBB` or `#AARRGGBB` (alpha first, as the contract says); the `#` is
    /// optional. `nil` for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3:
            let red = UInt8((value >> 8) & 0xF), green = UInt8((value >> 4) & 0xF), blue = UInt8(value & 0xF)
            self.init(red: red * 17, green: green * 17, blue: blue * 17)
        case 6:
            self.init(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
        case 8:
            self.init(
                red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF),
                alpha: UInt8(value >> 24))
        default:
            return nil
        }
    }
}
