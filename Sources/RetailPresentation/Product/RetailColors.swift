/// The shopper app's own colours, one place for both renderers: in the cart and in stock
/// green, low stock amber, sold out red, rating stars gold; each for a dark and a light
/// background, readable on the theme's surfaces (the terminal's contrast tests read them).
public enum RetailColors {
    /// A colour as 8-bit sRGB channels.
    public struct RGB: Sendable, Hashable {
        public let red: UInt8
        public let green: UInt8
        public let blue: UInt8
    }

    public static func inCart(dark: Bool) -> RGB {
        dark ? RGB(red: 0x3D, green: 0xBE, blue: 0x6E) : RGB(red: 0x1E, green: 0x7D, blue: 0x45)
    }

    public static func lowStock(dark: Bool) -> RGB {
        dark ? RGB(red: 0xE0, green: 0x90, blue: 0x20) : RGB(red: 0xA0, green: 0x5A, blue: 0x00)
    }

    public static func soldOut(dark: Bool) -> RGB {
        dark ? RGB(red: 0xF2, green: 0x6B, blue: 0x6B) : RGB(red: 0xB3, green: 0x26, blue: 0x1E)
    }

    public static func star(dark: Bool) -> RGB {
        dark ? RGB(red: 0xF0, green: 0xB4, blue: 0x29) : RGB(red: 0x8A, green: 0x65, blue: 0x00)
    }

    /// The colour of a stock line's emphasis.
    public static func of(_ emphasis: StockLine.Emphasis, dark: Bool) -> RGB {
        switch emphasis {
        case .good: inCart(dark: dark)
        case .warning: lowStock(dark: dark)
        case .critical: soldOut(dark: dark)
        }
    }
}
