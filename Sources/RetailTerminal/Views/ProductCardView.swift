import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit
import RetailPresentation

/// `product_card`: the image (at most 6 rows), then fixed slots, so that the cards of a
/// carousel or a grid row line up whatever each holds: the title (one row, cut with "…"), the subtitle,
/// the price with the price before it struck through, the stock (low stock in amber, sold
/// out dimmed, each said once), the rating as stars, and the badges. A slot a card has
/// nothing for stays blank. Prices, ratings and words are the shopper's (`RenderEnvironment`'s
/// locale); a product the server refused as sold out since the page came shows as sold out.
public struct ProductCardView: WidgetView, TerminalWidget {
    public let content: ProductCardContent
    public let widgetID: String

    /// Rows of the slots under the image: title, subtitle, price, stock, rating, badges.
    static let slotRows = 6

    public init(content: ProductCardContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    /// The image's rows: every card of a width reserves the same, with or without an image.
    func imageRows(width: Int, environment: RenderEnvironment) -> Int {
        let aspect = content.image?.aspectRatio ?? 4.0 / 3.0
        return min(6, environment.metrics.imageRows(columns: width, aspectRatio: aspect))
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        return imageRows(width: width, environment: environment) + Self.slotRows
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let width = canvas.width
        let rows = imageRows(width: width, environment: environment)
        if let image = content.image {
            ImageAtom(image).draw(in: canvas, rect: CellRect(x: 0, y: 0, width: width, height: rows), environment: environment)
        }
        var y = rows
        func slot(_ layout: TextLayout?, rows: Int = 1) {
            layout?.draw(in: canvas, y: y)
            y += rows
        }
        slot(environment.slot(content.title, width: width, base: CellStyle(attributes: .bold), rows: 1))
        slot(content.subtitle.map { environment.slot($0, width: width, base: environment.secondaryStyle, rows: 1) })
        // A card cut by the screen's edge (a carousel's peeking card) shows its price exactly or
        // none: "64,9" of 64,99 € would read as another price, and so would a shortened "65 €".
        let shown = canvas.clip.intersection(canvas.frameInBuffer)
        var priceColumns = shown.x > canvas.originX ? 0 : min(width, shown.maxX - canvas.originX)
        if priceColumns < width, DisplayWidth.of(environment.format.price(content.price)) > priceColumns { priceColumns = 0 }
        slot(TextLayout(environment.priceLine(content.price, before: content.compareAtPrice, width: priceColumns), width: width, maxLines: 1))
        let marks = environment.shopperMarks ?? ShopperMarks()
        slot(marks.cardStock(of: content.productID, page: content.availability, words: environment.shopperWords)
            .map { TextLayout(environment.styled($0), width: width, maxLines: 1) })
        slot(content.rating.map { TextLayout(environment.ratingLine($0), width: width, maxLines: 1) })
        if !content.badges.isEmpty {
            TagAtom.drawRow(content.badges, in: canvas, x: 0, y: y, width: width, widgetID: widgetID, environment: environment)
        }
    }
}
