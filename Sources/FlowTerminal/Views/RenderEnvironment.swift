import FlowCore
import FlowPresentation
import FlowRuntime

/// What every view draws with: the theme and scheme, the points-to-cells mapping, whether the
/// output is text only, where images come from, the widgets' local state, what has focus, and
/// the registry (for widgets nested in widgets).
@MainActor
public struct RenderEnvironment {
    public var theme: any ThemeProvider
    /// Default `.dark`: most terminals are dark, and `dark_hex` is written for them.
    public var scheme: ColorScheme
    public var metrics: CellMetrics
    /// Text only (`--plain`): images show as a labelled box with their `alt` text.
    public var isPlain: Bool
    public var images: (any TerminalImageSource)?
    /// Requirements and expiry of nested widgets are resolved with it.
    public var evaluation: EvaluationContext
    /// Steppers' counts and accordions' expansion, by widget id.
    public var widgetState: WidgetStateStore?
    /// The focused target (a button of a sheet, the retry button), drawn brighter.
    public var focused: HitTarget?
    /// The widget with focus (a page screen's focus is a whole widget): an edge bar beside
    /// it and its title emphasised (`FocusMark`), and its call to action brighter.
    public var focusedWidgetID: String?
    /// A short mark the host puts at a widget's top right (a pending add to the cart), at
    /// most the columns given (the widget's width), or `nil` for none.
    public var annotation: (@MainActor (WidgetModel, _ columns: Int) -> StyledText?)?
    public var registry: TerminalWidgetRegistry
    /// The renderer's own words, in the shopper's language, as the app gives them. Default:
    /// none (each reads as its key).
    public var words = EngineWords.keys
    /// The shopper's language as a BCP 47 tag (`de-DE`), for views that format prices,
    /// numbers and dates, or have words of their own. Default `en-US`.
    public var localeIdentifier = "en-US"
    /// What the host knows that its own views draw (which products are in the cart, being
    /// added, sold out since the page came): opaque here, read by the host's views.
    public var hostContext: (any Sendable)?
    /// The rows the page's body has on screen, for views that size themselves to it (a hero
    /// that takes at most a third of a short screen); `nil` when unknown. The page renderer
    /// sets it to its body's rows, unless the caller set it: a whole page drawn in one tall
    /// frame for a screen of some height (a preview) is laid out as on that screen.
    public var viewportRows: Int?

    public init(
        theme: any ThemeProvider = DefaultTheme(), scheme: ColorScheme = .dark, metrics: CellMetrics = .standard,
        isPlain: Bool = false, images: (any TerminalImageSource)? = nil, evaluation: EvaluationContext,
        widgetState: WidgetStateStore? = nil, focused: HitTarget? = nil, registry: TerminalWidgetRegistry
    ) {
        self.theme = theme
        self.scheme = scheme
        self.metrics = metrics
        self.isPlain = isPlain
        self.images = images
        self.evaluation = evaluation
        self.widgetState = widgetState
        self.focused = focused
        self.registry = registry
    }

    /// The page's background for the scheme: what translucent colours are mixed over.
    public var pageBackground: TerminalColor {
        color(ColorData(token: "background")) ?? TerminalColor(red: 0, green: 0, blue: 0)
    }

    /// The terminal colour for `data`, its alpha mixed over the page background.
    public func color(_ data: ColorData?) -> TerminalColor? {
        guard let data else { return nil }
        let resolved = theme.color(data, scheme: scheme)
        let solid = TerminalColor(red: resolved.red, green: resolved.green, blue: resolved.blue)
        guard resolved.alpha < 255 else { return solid }
        let base = theme.color(ColorData(token: "background"), scheme: scheme)
        return TerminalColor(red: base.red, green: base.green, blue: base.blue).mixed(with: solid, amount: Double(resolved.alpha) / 255)
    }

    /// A theme token's colour (`text.secondary`).
    public func token(_ name: String) -> TerminalColor? {
        color(ColorData(token: name))
    }

    /// The style of `text` over `base`: its colour, bold for semibold and heavier weights (or a
    /// size of 20 pt and more without a weight), dim for light.
    public func style(of text: TextData, base: CellStyle = .plain) -> CellStyle {
        var style = base
        if let color = color(text.color) { style.foreground = color }
        if let font = text.font {
            let resolved = theme.font(font, scheme: scheme)
            switch resolved.weight {
            case .semibold, .bold, .heavy: style.attributes.insert(.bold)
            case .light: style.attributes.insert(.dim)
            case .regular, .medium: if font.weight == nil, resolved.size >= 20 { style.attributes.insert(.bold) }
            }
        }
        return style
    }

    /// `text` as styled runs: markdown when it says so.
    public func styledText(_ text: TextData, base: CellStyle = .plain) -> StyledText {
        let style = style(of: text, base: base)
        return text.isMarkdown ? InlineMarkdown.parse(text.text, base: style) : StyledText(text.text, style: style)
    }

    /// `text` laid out at `width`, with its own `max_lines` (or `maxLines` when it has none)
    /// and alignment.
    public func layout(_ text: TextData, width: Int, base: CellStyle = .plain, maxLines: Int? = nil) -> TextLayout {
        TextLayout(styledText(text, base: base), width: width, maxLines: text.maxLines ?? maxLines, alignment: text.alignment)
    }

    /// Secondary text: the theme's secondary colour, and dim so it shows without colour too.
    public var secondaryStyle: CellStyle {
        CellStyle(foreground: token("text.secondary"), attributes: .dim)
    }

    /// A sheet's edge: the secondary text colour, which stands out from the page and the
    /// sheet's surface as an edge must (`ContrastRatio.minimumForEdges`).
    public var sheetEdgeStyle: CellStyle {
        CellStyle(foreground: token("text.secondary"))
    }

    /// The brand colour, for solid buttons and links.
    public var brand: TerminalColor? { token("brand.primary") }

    /// `style` brighter when `target` has focus: bold and underlined, a background lifted
    /// toward white. Never reversed: a focused thing reads as itself, only stronger, in any
    /// colour depth.
    /// A disabled control (`isEnabled` false: a count at its end) is only underlined.
    public func focusing(_ style: CellStyle, _ target: HitTarget, isEnabled: Bool = true) -> CellStyle {
        focused == target ? FocusMark.brighter(style, environment: self, isEnabled: isEnabled) : style
    }
}
