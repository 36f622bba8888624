import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit
import RetailPresentation

/// `product_detail`: a product page's product, whole. On a wide screen the large image is on
/// the left and the rest beside it; on a narrow one the image is above. The rest, in order: the
/// title, the subtitle, the price with the price before it, the rating and the stock, the
/// quantity between `−` and `+` (the widget's local state) beside the call to action (the
/// button Enter fires; alone, dimmed and inert when sold out), so that all a buyer needs shows on a
/// short screen; then the variants (every option drawn and a control, on more rows when they
/// do not fit one: `VariantRow`), the badges, the delivery note and the description.
public struct ProductDetailView: WidgetView, TerminalWidget {
    public let content: ProductDetailContent
    public let widgetID: String

    public init(content: ProductDetailContent, context: WidgetContext) {
        self.content = content
        widgetID = context.widget.id
    }

    /// Where the image and the text go at a width.
    struct Arrangement {
        var image: CellRect
        var textX: Int
        var textWidth: Int
    }

    /// The narrowest width at which the picture goes beside the text (as the hero's does): on
    /// an 80-column screen, above the text, it was a strip of a few rows.
    static let sideBySideWidth = 60

    func arrangement(width: Int, environment: RenderEnvironment) -> Arrangement {
        let screen = environment.viewportRows ?? 24
        if width >= Self.sideBySideWidth {
            let imageWidth = width * 2 / 5
            let rows = content.image.map { min(ImageAtom($0).rows(columns: imageWidth, environment: environment), max(6, screen * 3 / 5)) } ?? 0
            return Arrangement(image: CellRect(x: 0, y: 0, width: imageWidth, height: rows), textX: imageWidth + 3, textWidth: width - imageWidth - 3)
        }
        // Above the text, the picture gives way on a short screen, so that what buys the
        // product (price, quantity, the button) shows without scrolling: it takes what the
        // rows through the button leave (and a row of the section's margin), and goes rather
        // than be a sliver of less than `minimumImageRows`.
        guard let image = content.image else { return Arrangement(image: .zero, textX: 0, textWidth: width) }
        let buying = rowsThroughBuying(lines(width: width, environment: environment))
        var rows = min(ImageAtom(image).rows(columns: width, environment: environment), max(Self.minimumImageRows, screen / 4), screen - buying - 2)
        if rows < Self.minimumImageRows { rows = 0 }
        return Arrangement(image: CellRect(x: 0, y: 0, width: width, height: rows), textX: 0, textWidth: width)
    }

    /// The fewest rows a picture above the text takes: less is a sliver, not a picture.
    static let minimumImageRows = 3

    /// Rows of text from the title through the call to action (or the quantity).
    func rowsThroughBuying(_ lines: [Line]) -> Int {
        var rows = 0
        for line in lines {
            rows += Self.height(of: line)
            switch line {
            case .buy, .cta: return rows
            case .quantity where content.cta == nil: return rows
            default: continue
            }
        }
        return rows
    }

    /// The product as the shopper sees it now (RetailPresentation's rules: the quantity within
    /// the page's limit, sold out since the page came, what the cart holds).
    func page(environment: RenderEnvironment) -> ProductPage {
        ProductPage(content: content, marks: environment.shopperMarks ?? ShopperMarks(), picked: environment.widgetState?[widgetID]?.intValue)
    }

    /// The quantity shown: the widget's state, kept within what it may be, else 1.
    func quantity(environment: RenderEnvironment) -> Int {
        page(environment: environment).quantity
    }

    /// The rows of text, in order, each with its drawing.
    enum Line {
        case text(TextLayout)
        case blank
        /// A variant, its options on `row.rows.count` rows.
        case variant(ProductDetailContent.Variant, VariantRow)
        case quantity
        case cta(ButtonData)
        /// The quantity and the call to action on one row, when they fit side by side; the
        /// quantity without its word (`− 1 +`) when only that fits.
        case buy(ButtonData, labelled: Bool)
        case badges
    }

    /// Columns of `Quantity  − 10 +` (or `− 10 +` without its word).
    func quantityWidth(environment: RenderEnvironment, labelled: Bool = true) -> Int {
        (labelled ? DisplayWidth.of(environment.shopperWords[.quantity]) + 2 : 0) + 4 + DisplayWidth.of(environment.format.number(content.maxQuantity))
    }

    func lines(width: Int, environment: RenderEnvironment) -> [Line] {
        let roomy = (environment.viewportRows ?? 24) >= 30
        var lines: [Line] = [.text(environment.slot(content.title, width: width, base: CellStyle(attributes: .bold), rows: 3))]
        if let subtitle = content.subtitle { lines.append(.text(environment.slot(subtitle, width: width, base: environment.secondaryStyle, rows: 2))) }
        if roomy { lines.append(.blank) }
        lines.append(.text(TextLayout(environment.priceLine(content.price, before: content.compareAtPrice, width: width), width: width, maxLines: 1)))
        let presentation = page(environment: environment).presentation(words: environment.shopperWords)
        let stock = presentation.stock.map(environment.styled)
        var facts = [content.rating.map { environment.ratingLine($0, count: content.ratingCount) }, stock].compactMap { $0 }
        if facts.count == 2 { facts.insert(StyledText(" · ", style: environment.secondaryStyle), at: 1) }
        if !facts.isEmpty { lines.append(.text(TextLayout(facts.reduce(StyledText(""), +), width: width, maxLines: 2))) }
        lines.append(.blank)
        if let cta = content.cta {
            let button = ButtonAtom(ctaButton(cta, environment: environment)).width
            if presentation.quantity == nil {
                // Sold out: there is no quantity to pick, only the button that says so.
                lines.append(.cta(cta))
            } else if quantityWidth(environment: environment) + 3 + button <= width {
                lines.append(.buy(cta, labelled: true))
            } else if quantityWidth(environment: environment, labelled: false) + 3 + button <= width {
                lines.append(.buy(cta, labelled: false))
            } else {
                lines += [.quantity, .blank, .cta(cta)]
            }
        } else if presentation.quantity != nil {
            lines.append(.quantity)
        }
        // What the cart holds of it, and why the quantity stops where it does.
        let notes = [presentation.confirmation?.text, presentation.limitNote].compactMap { $0 }
        if !notes.isEmpty {
            let style = presentation.confirmation?.kind == .inCart
                ? CellStyle(foreground: RetailPalette.inCart(environment.scheme), attributes: .bold) : environment.secondaryStyle
            lines.append(.text(TextLayout(StyledText(notes.joined(separator: " · "), style: style), width: width, maxLines: 2)))
        }
        if !content.variants.isEmpty {
            lines.append(.blank)
            for (variant, shown) in zip(content.variants, presentation.variants) {
                lines.append(.variant(variant, variantRow(variant, width: width)))
                // Dimmed options say why, once: a dim label alone said nothing.
                if let why = shown.unavailable {
                    lines.append(.text(TextLayout(StyledText(why, style: environment.secondaryStyle), width: width, maxLines: 2)))
                }
            }
        }
        if !content.badges.isEmpty {
            lines.append(.blank)
            lines.append(.badges)
        }
        if let delivery = content.delivery {
            lines.append(.blank)
            lines.append(.text(environment.slot(delivery, width: width, base: environment.secondaryStyle, rows: 2)))
        }
        if let description = content.description {
            lines.append(.blank)
            lines.append(.text(environment.layout(description, width: width, maxLines: 8)))
        }
        return lines
    }

    /// Where the text starts when the image is above it: a row below the image, if any.
    static func textTop(_ layout: Arrangement) -> Int {
        layout.image.height > 0 ? layout.image.height + 1 : 0
    }

    static func height(of line: Line) -> Int {
        switch line {
        case .text(let layout): layout.height
        case .variant(_, let row): max(1, row.rows.count)
        default: 1
        }
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        let layout = arrangement(width: width, environment: environment)
        let text = lines(width: layout.textWidth, environment: environment).reduce(0) { $0 + Self.height(of: $1) }
        return layout.textX == 0 ? Self.textTop(layout) + text : max(layout.image.height, text)
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let layout = arrangement(width: canvas.width, environment: environment)
        if let image = content.image, !layout.image.isEmpty { ImageAtom(image).draw(in: canvas, rect: layout.image, environment: environment) }
        let lines = lines(width: layout.textWidth, environment: environment)
        let text = canvas.child(CellRect(
            x: layout.textX, y: layout.textX == 0 ? Self.textTop(layout) : 0, width: layout.textWidth, height: canvas.height))
        // The call to action is drawn first, so that it is the widget's first control: what
        // Enter fires is buying it, not a variant above it.
        var y = 0
        var rows: [(Line, Int)] = []
        for line in lines {
            rows.append((line, y))
            y += Self.height(of: line)
        }
        for (line, row) in rows {
            switch line {
            case .cta(let button): drawCTA(button, in: text, x: 0, y: row, environment: environment)
            case .buy(let button, let labelled):
                drawCTA(button, in: text, x: quantityWidth(environment: environment, labelled: labelled) + 3, y: row, environment: environment)
            default: continue
            }
        }
        var control = 1
        for (line, row) in rows {
            switch line {
            case .text(let layout): layout.draw(in: text, y: row)
            case .blank, .cta: break
            case .buy(_, let labelled): drawQuantity(in: text, y: row, labelled: labelled, environment: environment)
            case .variant(let variant, let options):
                control = drawVariant(variant, options: options, in: text, y: row, firstControl: control, environment: environment)
            case .quantity: drawQuantity(in: text, y: row, environment: environment)
            case .badges:
                var x = 0
                for (index, tag) in content.badges.enumerated() where x < text.width {
                    let target = HitTarget.control(widgetID: widgetID, index: Self.badgeControls + index)
                    x += TagAtom(tag).draw(in: text, x: x, y: row, maxWidth: text.width - x, target: target, environment: environment) + 1
                }
            }
        }
    }

    /// Badges' control indices start here, after every other control.
    static let badgeControls = 1_000

    /// The call to action as drawn: disabled when it cannot buy now, and saying so when the
    /// product is sold out (`ProductPage`).
    func ctaButton(_ button: ButtonData, environment: RenderEnvironment) -> ButtonData {
        var button = button
        let page = page(environment: environment)
        button.isDisabled = !page.callIsEnabled
        if page.callSaysSoldOut { button.title = TextData(stringLiteral: environment.shopperWords[.soldOut]) }
        return button
    }

    private func drawCTA(_ button: ButtonData, in canvas: Canvas, x: Int, y: Int, environment: RenderEnvironment) {
        let button = ctaButton(button, environment: environment)
        let width = min(canvas.width - x, max(ButtonAtom(button).width, min(24, canvas.width - x)))
        ButtonAtom(button).draw(in: canvas, x: x, y: y, width: width, target: .control(widgetID: widgetID, index: 0), environment: environment)
    }

    /// A variant's name as drawn before its options, cut to `variantNameWidth` columns.
    static func variantName(_ variant: ProductDetailContent.Variant) -> String {
        TextCut.fit(variant.name, to: variantNameWidth)
    }

    static let variantNameWidth = 14

    /// The variant's options in what `width` leaves beside its name and two columns.
    func variantRow(_ variant: ProductDetailContent.Variant, width: Int) -> VariantRow {
        VariantRow(labels: variant.options.map(\.label), columns: width - DisplayWidth.of(Self.variantName(variant)) - 2)
    }

    /// `Style  Alto  [Brio]  Cora`: the selected option bracketed and bold, unavailable ones
    /// dim; each option with an action is a control. Every option is drawn (`VariantRow`: long
    /// labels cut, their last word kept; options that do not fit one row go on further rows,
    /// under the first), so that the keys and a click reach every one. Returns the next control
    /// index.
    private func drawVariant(
        _ variant: ProductDetailContent.Variant, options row: VariantRow, in canvas: Canvas, y: Int, firstControl: Int,
        environment: RenderEnvironment
    ) -> Int {
        let left = canvas.put(Self.variantName(variant), x: 0, y: y, style: environment.secondaryStyle) + 2
        var index = firstControl
        for (line, options) in row.rows.enumerated() {
            var x = left
            for position in options {
                let option = variant.options[position], label = row.labels[position]
                let text = option.isSelected ? "[\(label)]" : " \(label) "
                let width = DisplayWidth.of(text)
                var style = CellStyle(attributes: option.isSelected ? .bold : [])
                if !option.isAvailable { style.attributes.insert(.dim) }
                guard let action = option.action, !option.isSelected else {
                    x += canvas.put(text, x: x, y: y + line, style: style) + 1
                    continue
                }
                // Only the label is marked when focused, not the space around it.
                let target = HitTarget.control(widgetID: widgetID, index: index)
                canvas.put(" ", x: x, y: y + line, style: style)
                canvas.put(label, x: x + 1, y: y + line, style: environment.focusing(style, target))
                canvas.put(" ", x: x + width - 1, y: y + line, style: style)
                canvas.addTarget(CellRect(x: x, y: y + line, width: width, height: 1), target: target, action: action)
                index += 1
                x += width + 1
            }
        }
        return index
    }

    /// `Quantity  − 2 +` (or `− 2 +` without its word), the signs dim where the quantity cannot
    /// move (`ProductPage`); never drawn for a product sold out, which has no quantity to pick.
    private func drawQuantity(in canvas: Canvas, y: Int, labelled: Bool = true, environment: RenderEnvironment) {
        let presentation = page(environment: environment).presentation(words: environment.shopperWords)
        let count = quantity(environment: environment)
        var x = labelled ? canvas.put(environment.shopperWords[.quantity], x: 0, y: y, style: environment.secondaryStyle) + 2 : 0
        let minus = HitTarget.stepper(widgetID: widgetID, delta: -1), plus = HitTarget.stepper(widgetID: widgetID, delta: 1)
        let active = CellStyle(foreground: environment.brand, attributes: .bold)
        let lowest = presentation.decreased == nil, highest = presentation.increased == nil
        canvas.put("−", x: x, y: y, style: environment.focusing(lowest ? CellStyle(attributes: .dim) : active, minus, isEnabled: !lowest))
        canvas.addTarget(CellRect(x: x, y: y, width: 1, height: 1), target: minus)
        x += 2
        x += canvas.put(environment.format.number(count), x: x, y: y, style: CellStyle(attributes: .bold)) + 1
        canvas.put("+", x: x, y: y, style: environment.focusing(highest ? CellStyle(attributes: .dim) : active, plus, isEnabled: !highest))
        canvas.addTarget(CellRect(x: x, y: y, width: 1, height: 1), target: plus)
    }
}
