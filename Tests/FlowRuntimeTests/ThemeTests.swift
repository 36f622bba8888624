import FlowCore
import FlowRuntime
import Testing

@Suite("DefaultTheme")
struct ThemeTests {
    let theme = DefaultTheme()

    @Test func aKnownTokenWinsOverHex() {
        let color = ColorData(hex: "#FF0000", token: "brand.primary")
        #expect(theme.color(color, scheme: .light) == RGBAColor(red: 0x2F, green: 0x6B, blue: 0xDB))
        #expect(theme.color(color, scheme: .dark) == RGBAColor(red: 0x6C, green: 0xA0, blue: 0xFF))
    }

    @Test func anUnknownTokenFallsBackToHexByScheme() {
        let color = ColorData(hex: "#112233", darkHex: "#445566", token: "no.such")
        #expect(theme.color(color, scheme: .light) == RGBAColor(red: 0x11, green: 0x22, blue: 0x33))
        #expect(theme.color(color, scheme: .dark) == RGBAColor(red: 0x44, green: 0x55, blue: 0x66))
        #expect(theme.color(ColorData(hex: "#112233"), scheme: .dark) == RGBAColor(red: 0x11, green: 0x22, blue: 0x33))
    }

    @Test func alphaMultipliesTheResolvedAlpha() {
        #expect(theme.color(ColorData(hex: "#80112233", alpha: 0.5), scheme: .light).alpha == 64)
        #expect(theme.color(ColorData(hex: "#112233", alpha: 0.5), scheme: .light).alpha == 128)
        #expect(theme.color(ColorData(hex: "#112233", alpha: 7), scheme: .light).alpha == 255)
        #expect(theme.color(ColorData(token: "background", alpha: 0), scheme: .dark) == RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test func anUnreadableColorIsTheFallbackNotAFailure() {
        #expect(theme.color(ColorData(hex: "blue"), scheme: .light) == RGBAColor(red: 0, green: 0, blue: 0))
        #expect(theme.color(ColorData(), scheme: .dark) == RGBAColor(red: 255, green: 255, blue: 255))
    }

    @Test func fontTokensGiveTheBaseAndExplicitValuesOverride() {
        #expect(theme.font(FontData(token: "title"), scheme: .light) == ResolvedFont(size: 22, weight: .semibold))
        #expect(theme.font(FontData(size: 30, token: "title"), scheme: .dark) == ResolvedFont(size: 30, weight: .semibold))
        #expect(theme.font(FontData(weight: .bold), scheme: .light) == ResolvedFont(size: 16, weight: .bold))
        #expect(theme.font(FontData(size: -3, token: "unknown"), scheme: .light) == ResolvedFont(size: 16))
    }

    @Test func aHostThemeReplacesTheDefault() {
        struct Monochrome: ThemeProvider {
            func color(_ color: ColorData, scheme: ColorScheme) -> RGBAColor { RGBAColor(red: 9, green: 9, blue: 9) }
            func font(_ font: FontData, scheme: ColorScheme) -> ResolvedFont { ResolvedFont(size: 10) }
        }
        let provider: any ThemeProvider = Monochrome()
        #expect(provider.color(ColorData(token: "brand.primary"), scheme: .light) == RGBAColor(red: 9, green: 9, blue: 9))
    }

    /// An unreadable `dark_hex` falls back to `hex`, not to the theme's fallback colour.
    @Test func anUnreadableDarkHexFallsBackToHex() {
        let color = ColorData(hex: "#112233", darkHex: "nonsense")
        #expect(DefaultTheme().color(color, scheme: .dark) == RGBAColor(red: 0x11, green: 0x22, blue: 0x33))
    }
}
