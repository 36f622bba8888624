import FlowCore

/// The theme used when the host supplies none: a small token set and the rules of CONTRACT §5.
///
/// Colours: a known `token` wins; otherwise `dark_hex` in dark mode (`hex` when absent) and
/// `hex` in light mode; an unreadable or missing hex gives `fallbackColor`; `alpha`
/// multiplies the result's alpha. Fonts: a known `token` gives the base; an explicit
/// `size` or `weight` overrides it; no token and no size gives `bodyFont`.
public struct DefaultTheme: ThemeProvider {
    /// A colour per scheme.
    public struct SchemeColor: Sendable, Hashable {
        public var light: RGBAColor
        public var dark: RGBAColor

        public init(light: RGBAColor, dark: RGBAColor) {
            self.light = light
            self.dark = dark
        }

        public func resolved(for scheme: ColorScheme) -> RGBAColor {
            scheme == .dark ? dark : light
        }
    }

    /// Colour tokens (`brand.primary`). Default: `standardColors`.
    public var colors: [String: SchemeColor]
    /// Font tokens, the same in both schemes by default. Default: `standardFonts`.
    public var fonts: [String: ResolvedFont]
    /// For a colour that names nothing usable. Default: primary text colour.
    public var fallbackColor: SchemeColor
    /// For a font that names nothing. Default: 16 pt regular.
    public var bodyFont: ResolvedFont

    public init(
        colors: [String: SchemeColor] = DefaultTheme.standardColors,
        fonts: [String: ResolvedFont] = DefaultTheme.standardFonts,
        fallbackColor: SchemeColor = SchemeColor(light: RGBAColor(red: 0, green: 0, blue: 0), dark: RGBAColor(red: 255, green: 255, blue: 255)),
        bodyFont: ResolvedFont = ResolvedFont(size: 16)
    ) {
        self.colors = colors
        self.fonts = fonts
        self.fallbackColor = fallbackColor
        self.bodyFont = bodyFont
    }

    public func color(_ color: ColorData, scheme: ColorScheme) -> RGBAColor {
        var resolved: RGBAColor
        if let token = color.token, let known = colors[token] {
            resolved = known.resolved(for: scheme)
        } else {
            // An unreadable dark_hex falls back to hex, not straight to the theme's fallback.
            let dark = scheme == .dark ? color.darkHex.flatMap(RGBAColor.init(hex:)) : nil
            resolved = dark ?? color.hex.flatMap(RGBAColor.init(hex:)) ?? fallbackColor.resolved(for: scheme)
        }
        if let alpha = color.alpha, alpha.isFinite {
            let factor = min(max(alpha, 0), 1)
            resolved.alpha = UInt8((Double(resolved.alpha) * factor).rounded())
        }
        return resolved
    }

    public func font(_ font: FontData, scheme: ColorScheme) -> ResolvedFont {
        var resolved = font.token.flatMap { fonts[$0] } ?? bodyFont
        if let size = font.size, size.isFinite, size > 0 { resolved.size = size }
        if let weight = font.weight { resolved.weight = weight }
        return resolved
    }

    /// `brand.primary`, `text.primary`, `text.secondary`, `background`, `surface`, `separator`.
    public static let standardColors: [String: SchemeColor] = [
        // Light: dark enough for 4.5 : 1 as text on the background and the surface.
        "brand.primary": SchemeColor(light: RGBAColor(red: 0x2F, green: 0x6B, blue: 0xDB), dark: RGBAColor(red: 0x6C, green: 0xA0, blue: 0xFF)),
        "text.primary": SchemeColor(light: RGBAColor(red: 0x11, green: 0x11, blue: 0x11), dark: RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF2)),
        "text.secondary": SchemeColor(light: RGBAColor(red: 0x6B, green: 0x6B, blue: 0x6B), dark: RGBAColor(red: 0xA0, green: 0xA0, blue: 0xA0)),
        "background": SchemeColor(light: RGBAColor(red: 0xFF, green: 0xFF, blue: 0xFF), dark: RGBAColor(red: 0x00, green: 0x00, blue: 0x00)),
        "surface": SchemeColor(light: RGBAColor(red: 0xF5, green: 0xF5, blue: 0xF7), dark: RGBAColor(red: 0x1C, green: 0x1C, blue: 0x1E)),
        "separator": SchemeColor(light: RGBAColor(red: 0xE0, green: 0xE0, blue: 0xE0), dark: RGBAColor(red: 0x38, green: 0x38, blue: 0x3A)),
    ]

    /// `largeTitle`, `title`, `headline`, `body`, `caption`.
    public static let standardFonts: [String: ResolvedFont] = [
        "largeTitle": ResolvedFont(size: 28, weight: .bold),
        "title": ResolvedFont(size: 22, weight: .semibold),
        "headline": ResolvedFont(size: 17, weight: .semibold),
        "body": ResolvedFont(size: 16),
        "caption": ResolvedFont(size: 12),
    ]
}
