import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit

/// `product_card`: the image (at most 6 rows), the title, the subtitle, the price with the
/// compare-at price struck through, availability (low stock in amber, sold out dimmed), the
/// rating as stars, and the badges.
public struct ProductCardView: WidgetView, TerminalWidget {
    public let content: ProductCardContent
    public let widgetID: String

    public init(content: ProductCardContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    func imageRows(width: Int, environment: RenderEnvironment) -> Int {
        content.image.map { min(6, ImageAtom($0).rows(columns: width, environment: environment)) } ?? 0
    }

    func priceLine(environment: RenderEnvironment) -> StyledText {
        var line = StyledText(PriceText.string(content.price), style: CellStyle(attributes: .bold))
        if let compare = content.compareAtPrice, compare.amount > content.price.amount {
            // Struck through; text alone cannot strike, so it says "was".
            let old = PriceText.string(compare)
            line = line + StyledText(" ") + (environment.isPlain
                ? StyledText("(was \(old))", style: environment.secondaryStyle)
                : StyledText(old, style: environment.secondaryStyle.adding(.strikethrough)))
        }
        return line
    }

    func availabilityLine(environment: RenderEnvironment) -> StyledText? {
        switch content.availability {
        case .available: nil
        case .lowStock: StyledText("Low stock", style: CellStyle(foreground: TerminalColor(red: 0xE0, green: 0x90, blue: 0x20), attributes: .bold))
        case .unavailable: StyledText("Sold out", style: CellStyle(attributes: .dim))
        }
    }

    func ratingLine() -> StyledText? {
        guard let rating = content.rating else { return nil }
        let full = Int(rating.rounded())
        let stars = String(repeating: "★", count: full) + String(repeating: "☆", count: max(0, 5 - full))
        return StyledText(stars, style: CellStyle(foreground: TerminalColor(red: 0xF0, green: 0xB4, blue: 0x29)))
            + StyledText(" " + String(format: "%.1f", rating), style: CellStyle(attributes: .dim))
    }

    func lines(width: Int, environment: RenderEnvironment) -> [TextLayout] {
        var layouts = [environment.layout(content.title, width: width, base: CellStyle(attributes: .bold), maxLines: 2)]
        if let subtitle = content.subtitle { layouts.append(environment.layout(subtitle, width: width, base: environment.secondaryStyle, maxLines: 1)) }
        layouts.append(TextLayout(priceLine(environment: environment), width: width, maxLines: 1))
        if let availability = availabilityLine(environment: environment) { layouts.append(TextLayout(availability, width: width, maxLines: 1)) }
        if let rating = ratingLine() { layouts.append(TextLayout(rating, width: width, maxLines: 1)) }
        return layouts
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        let text = lines(width: width, environment: environment).reduce(0) { $0 + $1.height }
        return imageRows(width: width, environment: environment) + text + (content.badges.isEmpty ? 0 : 1)
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let rows = imageRows(width: canvas.width, environment: environment)
        if let image = content.image {
            ImageAtom(image).draw(in: canvas, rect: CellRect(x: 0, y: 0, width: canvas.width, height: rows), environment: environment)
        }
        var y = rows
        for layout in lines(width: canvas.width, environment: environment) {
            layout.draw(in: canvas, y: y)
            y += layout.height
        }
        if !content.badges.isEmpty {
            TagAtom.drawRow(content.badges, in: canvas, x: 0, y: y, width: canvas.width, widgetID: widgetID, environment: environment)
        }
    }
}
