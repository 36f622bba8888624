import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit

/// `category_tile`: its image (at most 4 rows) or its icon's glyph, and the title, centred.
public struct CategoryTileView: WidgetView, TerminalWidget {
    public let content: CategoryTileContent

    public init(content: CategoryTileContent, context: WidgetContext) {
        self.content = content
    }

    /// An image and an icon reserve the same box, so the tiles of a grid row line up.
    func imageRows(width: Int, environment: RenderEnvironment) -> Int {
        guard content.image != nil || content.icon != nil else { return 0 }
        return min(4, environment.metrics.imageRows(columns: width, aspectRatio: content.image?.aspectRatio))
    }

    func title(width: Int, environment: RenderEnvironment) -> TextLayout {
        var title = content.title
        title.alignment = .center
        return environment.layout(title, width: width, base: CellStyle(attributes: .bold), maxLines: 2)
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        return imageRows(width: width, environment: environment) + title(width: width, environment: environment).height
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let rows = imageRows(width: canvas.width, environment: environment)
        if let image = content.image {
            ImageAtom(image).draw(in: canvas, rect: CellRect(x: 0, y: 0, width: canvas.width, height: rows), environment: environment)
        } else if let icon = content.icon, rows > 0 {
            // The icon stands in the image's box: its glyph, or its name when it has none.
            let label = IconGlyph.glyph(icon) ?? SafeText.cleaned(icon.symbol, keepingNewlines: false)
            ImageAtom(ImageData(url: "", alt: label)).draw(in: canvas, rect: CellRect(x: 0, y: 0, width: canvas.width, height: rows), environment: environment)
        }
        title(width: canvas.width, environment: environment).draw(in: canvas, y: rows)
    }
}
