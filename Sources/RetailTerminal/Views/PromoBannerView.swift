import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit
import RetailPresentation

/// `promo_banner`: an image at the leading side when there is room (40 columns and more), the
/// title, the subtitle, and the code to copy ("Gutscheincode"), reversed so it stands out
/// without colour too. Its text keeps no colour of its own: over the banner's background the
/// buffer gives it black or white, whichever contrasts more (`ContrastRatio.readableText`).
public struct PromoBannerView: WidgetView, TerminalWidget {
    public let content: PromoBannerContent

    public init(content: PromoBannerContent, context: WidgetContext) {
        self.content = content
    }

    func imageBox(width: Int, environment: RenderEnvironment) -> CellRect? {
        guard let image = content.image, width >= 40 else { return nil }
        let columns = width / 4
        return CellRect(x: 0, y: 0, width: columns, height: min(5, ImageAtom(image).rows(columns: columns, environment: environment)))
    }

    func texts(width: Int, environment: RenderEnvironment) -> [TextLayout] {
        var layouts = [environment.layout(content.title, width: width, base: CellStyle(attributes: .bold), maxLines: 2)]
        if let subtitle = content.subtitle { layouts.append(environment.layout(subtitle, width: width, maxLines: 2)) }
        if let code = content.code {
            let label = environment.shopperWords[.promoCode]
            let line = StyledText(label + " ") + StyledText(" \(SafeText.cleaned(code, keepingNewlines: false)) ", style: CellStyle(attributes: [.reverse, .bold]))
            layouts.append(TextLayout(line, width: width, maxLines: 1))
        }
        return layouts
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        let box = imageBox(width: width, environment: environment)
        let textWidth = width - (box.map { $0.width + 2 } ?? 0)
        return max(box?.height ?? 0, texts(width: textWidth, environment: environment).reduce(0) { $0 + $1.height })
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let box = imageBox(width: canvas.width, environment: environment)
        if let box, let image = content.image { ImageAtom(image).draw(in: canvas, rect: box, environment: environment) }
        let x = box.map { $0.width + 2 } ?? 0
        var y = 0
        for layout in texts(width: canvas.width - x, environment: environment) {
            layout.draw(in: canvas, x: x, y: y)
            y += layout.height
        }
    }
}
