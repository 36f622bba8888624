import FlowCore
import FlowRuntime
import FlowTerminal
import RetailKit
import RetailPresentation

/// `category_tile`: its image (at most 4 rows), or in the same box its icon's symbol when the
/// renderer has one for it, else the title's initial (never the icon's internal name), and
/// the title, centred.
public struct CategoryTileView: WidgetView, TerminalWidget {
    public let content: CategoryTileContent

    public init(content: CategoryTileContent, context: WidgetContext) {
        self.content = content
    }

    /// Every tile reserves the same picture box for its width (a square's, at most 4 rows),
    /// whatever its image's aspect ratio or with a symbol instead, so that the tiles of a grid
    /// row line up and their titles share a row.
    func imageRows(width: Int, environment: RenderEnvironment) -> Int {
        guard content.image != nil || content.icon != nil else { return 0 }
        return min(4, environment.metrics.imageRows(columns: width, aspectRatio: Self.pictureAspectRatio))
    }

    /// The aspect ratio of a tile's picture box: square.
    static let pictureAspectRatio = 1.0

    func title(width: Int, environment: RenderEnvironment) -> TextLayout {
        var title = content.title
        title.alignment = .center
        // A name is never split inside a word: one wider than the tile is shortened with "…".
        return TextLayout(environment.styledText(title, base: CellStyle(attributes: .bold)), width: width, maxLines: title.maxLines ?? 2,
                          alignment: .center, keepsWordsWhole: true)
    }

    public func height(width: Int, environment: RenderEnvironment) -> Int {
        guard width > 0 else { return 0 }
        return imageRows(width: width, environment: environment) + title(width: width, environment: environment).height
    }

    public func draw(in canvas: Canvas, environment: RenderEnvironment) {
        let rows = imageRows(width: canvas.width, environment: environment)
        if let image = content.image {
            ImageAtom(image).draw(in: canvas, rect: CellRect(x: 0, y: 0, width: canvas.width, height: rows), environment: environment)
        } else if content.icon != nil, rows > 0 {
            drawSymbol(in: canvas, rect: CellRect(x: 0, y: 0, width: canvas.width, height: rows), environment: environment)
        }
        title(width: canvas.width, environment: environment).draw(in: canvas, y: rows)
    }

    /// The icon's symbol, else the title's first letter, centred on the surface colour.
    func drawSymbol(in canvas: Canvas, rect: CellRect, environment: RenderEnvironment) {
        let title = SafeText.cleaned(content.title.text, keepingNewlines: false)
        let initial = title.first { !$0.isWhitespace }.map { String($0).uppercased() } ?? "•"
        let symbol = IconGlyph.glyph(content.icon) ?? initial
        let shown = DisplayWidth.of(symbol) <= 2 ? symbol : "•"
        if environment.isPlain {
            // Text only: the labelled frame every picture gets, with the symbol as its label.
            ImageAtom(ImageData(url: "", alt: shown)).draw(in: canvas, rect: rect, environment: environment)
            return
        }
        // It stands for the picture: focus emphasises the title below it, not the letter.
        canvas.noteImage(rect)
        let surface = environment.token("surface") ?? environment.pageBackground
        canvas.fill(rect, style: CellStyle(background: surface))
        let style = CellStyle(foreground: environment.brand, background: surface, attributes: .bold)
        canvas.put(shown, x: rect.x + max(0, (rect.width - DisplayWidth.of(shown)) / 2), y: rect.y + (rect.height - 1) / 2, style: style)
    }
}
