/// WCAG 2's contrast between two colours, from their relative luminance (sRGB channels
/// linearised), 1…21: text needs 4.5 : 1 against what it is drawn on (3 : 1 when large).
public enum ContrastRatio {
    /// What normal text needs (WCAG 2.x, AA).
    public static let minimumForText = 4.5
    /// What the edge of a control or a sheet needs against what is beside it (WCAG 2.1, 1.4.11).
    public static let minimumForEdges = 3.0

    /// The relative luminance of `color`, 0 (black) … 1 (white).
    public static func luminance(_ color: TerminalColor) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// The contrast ratio of two colours, in either order.
    public static func between(_ a: TerminalColor, _ b: TerminalColor) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// Black or white, whichever reads better on `background`.
    public static func readableText(on background: TerminalColor) -> TerminalColor {
        let black = TerminalColor(red: 0, green: 0, blue: 0), white = TerminalColor(red: 255, green: 255, blue: 255)
        return between(black, background) >= between(white, background) ? black : white
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
