import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit
import RetailPresentation

extension RenderEnvironment {
    /// The shopper app's marks, when the host is the shopper app.
    public var shopperMarks: ShopperMarks? { hostContext as? ShopperMarks }

    /// A stock line (`StockLine`, RetailPresentation's) in the colours of its emphasis.
    func styled(_ stock: StockLine) -> StyledText {
        switch stock.emphasis {
        case .good: StyledText(stock.text, style: CellStyle(foreground: RetailPalette.inCart(scheme)))
        case .warning: StyledText(stock.text, style: CellStyle(foreground: RetailPalette.lowStock(scheme), attributes: .bold))
        case .critical: StyledText(stock.text, style: CellStyle(foreground: RetailPalette.soldOut(scheme), attributes: .bold))
        }
    }

    /// A price with the price before it struck through (in words where text cannot strike).
    /// The price before goes first when the room is short: a price is never cut.
    func priceLine(_ price: Price, before: Price?, width: Int) -> StyledText {
        // Never cut mid-number: shortened by the locale's words when it is wider than the slot.
        var line = StyledText(format.price(price, within: width, width: DisplayWidth.of) ?? "", style: CellStyle(attributes: .bold))
        guard let before, PriceFormat.isReduced(price, from: before) else { return line }
        let old = format.price(before)
        let struck = isPlain
            ? StyledText(shopperWords(.wasPrice, ["price": old]), style: secondaryStyle)
            : StyledText(old, style: secondaryStyle.adding(.strikethrough))
        let candidate = line + StyledText(" ") + struck
        if candidate.width <= width { line = candidate }
        return line
    }

    /// `text` laid out in a slot of `rows`: never more rows, whatever its `max_lines` asks.
    func slot(_ text: TextData, width: Int, base: CellStyle, rows: Int) -> TextLayout {
        TextLayout(styledText(text, base: base), width: width, maxLines: min(text.maxLines ?? rows, rows), alignment: text.alignment)
    }

    /// A rating as stars and its number in the locale's form (`★★★★☆ 4,3`).
    func ratingLine(_ rating: Double, count: Int? = nil) -> StyledText {
        let full = Int(min(max(rating, 0), 5).rounded())
        let stars = String(repeating: "★", count: full) + String(repeating: "☆", count: max(0, 5 - full))
        var number = " " + format.rating(rating)
        if let count { number += " (\(format.number(count)))" }
        return StyledText(stars, style: CellStyle(foreground: RetailPalette.star(scheme))) + StyledText(number, style: secondaryStyle)
    }
}

/// The retail views' own colours, one per scheme, each reading at 4.5 : 1 or more on its
/// scheme's background and surface (the contrast test holds them to it).
public enum RetailPalette {
    /// Low stock: amber.
    public static func lowStock(_ scheme: ColorScheme) -> TerminalColor { color(RetailColors.lowStock(dark: scheme == .dark)) }

    /// Sold out: red.
    public static func soldOut(_ scheme: ColorScheme) -> TerminalColor { color(RetailColors.soldOut(dark: scheme == .dark)) }

    /// Rating stars: gold.
    public static func star(_ scheme: ColorScheme) -> TerminalColor { color(RetailColors.star(dark: scheme == .dark)) }

    /// In the cart: green.
    public static func inCart(_ scheme: ColorScheme) -> TerminalColor { color(RetailColors.inCart(dark: scheme == .dark)) }

    private static func color(_ rgb: RetailColors.RGB) -> TerminalColor {
        TerminalColor(red: rgb.red, green: rgb.green, blue: rgb.blue)
    }
}
