import FlowCore
import FlowRuntime
import Testing
@testable import FlowTerminal

/// Every colour pair the renderer draws text in, from the default theme, in both schemes:
/// at least 4.5 : 1 (WCAG 2, AA for normal text).
@MainActor
@Suite struct ContrastTests {
    static func environment(_ scheme: ColorScheme) -> RenderEnvironment {
        var environment = TestPages.environment(plain: false)
        environment.scheme = scheme
        return environment
    }

    @Test func theWCAGRatioIsRight() {
        let black = TerminalColor(red: 0, green: 0, blue: 0), white = TerminalColor(red: 255, green: 255, blue: 255)
        #expect(abs(ContrastRatio.between(black, white) - 21) < 0.01)
        #expect(abs(ContrastRatio.between(white, white) - 1) < 0.01)
        #expect(abs(ContrastRatio.between(TerminalColor(red: 0x76, green: 0x76, blue: 0x76), white) - 4.54) < 0.02)
    }

    @Test(arguments: ColorScheme.allCases)
    func theThemesTextColoursReadOnItsBackgroundAndSurface(scheme: ColorScheme) throws {
        let environment = Self.environment(scheme)
        let background = environment.pageBackground
        let surface = try #require(environment.token("surface"))
        for token in ["text.primary", "text.secondary", "brand.primary"] {
            let color = try #require(environment.token(token))
            for (name, ground) in [("background", background), ("surface", surface)] {
                let ratio = ContrastRatio.between(color, ground)
                #expect(ratio >= ContrastRatio.minimumForText, "\(token) on \(name) in \(scheme): \(ratio)")
            }
        }
    }

    /// A sheet's edge stands out from the sheet's surface and the page beside it.
    @Test(arguments: ColorScheme.allCases)
    func aSheetsEdgeShowsAgainstItsSurfaceAndThePage(scheme: ColorScheme) throws {
        let environment = Self.environment(scheme)
        let edge = try #require(environment.sheetEdgeStyle.foreground)
        for (name, ground) in [("background", environment.pageBackground), ("surface", try #require(environment.token("surface")))] {
            let ratio = ContrastRatio.between(edge, ground)
            #expect(ratio >= ContrastRatio.minimumForEdges, "edge on \(name) in \(scheme): \(ratio)")
        }
    }

    @Test(arguments: ColorScheme.allCases)
    func textTheBufferColoursForABackgroundReadOnIt(scheme: ColorScheme) throws {
        let environment = Self.environment(scheme)
        let brand = try #require(environment.brand)
        // A solid button, a focused one (lifted toward white), a badge's red, and every grey.
        var grounds = [brand, FocusMark.brighter(CellStyle(background: brand), environment: environment).background ?? brand,
                       TerminalColor(red: 0xD0, green: 0x02, blue: 0x1B)]
        grounds += stride(from: 0, through: 255, by: 5).map { TerminalColor(red: UInt8($0), green: UInt8($0), blue: UInt8($0)) }
        for ground in grounds {
            let text = ContrastRatio.readableText(on: ground)
            #expect(ContrastRatio.between(text, ground) >= ContrastRatio.minimumForText, "\(ground) in \(scheme)")
        }
    }

    @Test func aFocusedSolidButtonKeepsItsTextReadable() throws {
        let environment = Self.environment(.dark)
        let brand = try #require(environment.token("brand.primary"))
        let style = FocusMark.brighter(CellStyle(foreground: TerminalColor(red: 0, green: 0, blue: 0), background: brand), environment: environment)
        let ratio = ContrastRatio.between(try #require(style.foreground), try #require(style.background))
        #expect(ratio >= ContrastRatio.minimumForText)
        #expect(style.attributes.isSuperset(of: [.bold, .underline]))
        #expect(!style.attributes.contains(.reverse))
    }

    /// A toast over a picture's cells (half blocks of any colour) keeps its own colours, which
    /// read at 4.5 : 1; without colour it is reverse video.
    @Test(arguments: ColorScheme.allCases)
    func aToastOverAPictureHasItsOwnReadableColours(scheme: ColorScheme) throws {
        let environment = Self.environment(scheme)
        let surface = DrawSurface(width: 30, height: 4)
        let picture = CellStyle(foreground: TerminalColor(red: 250, green: 240, blue: 10), background: TerminalColor(red: 10, green: 200, blue: 240))
        for y in 0..<4 { _ = surface.buffer.put(text: String(repeating: "▀", count: 30), x: 0, y: y, style: picture) }
        let rect = ToastView(message: "Added to cart").draw(in: Canvas(surface: surface, rect: CellRect(x: 0, y: 0, width: 30, height: 4)),
                                                           bottom: 3, environment: environment)
        #expect(!rect.isEmpty)
        let expected = ToastView.style(environment: environment)
        let background = try #require(expected.background)
        #expect(ContrastRatio.between(try #require(expected.foreground), background) >= ContrastRatio.minimumForText)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { #expect(surface.buffer[x, y].style == expected, "(\(x), \(y))") }
        }
        var plain = environment
        plain.isPlain = true
        #expect(ToastView.style(environment: plain) == CellStyle(attributes: [.reverse, .bold]))
    }

    /// What a sheet leaves in view is dimmed: text, and with colour every colour there, a
    /// picture's too, mixed toward the page's background; without colour pictures keep theirs.
    @Test func whatLiesUnderASheetIsDimmedPicturesToo() {
        let surface = DrawSurface(width: 4, height: 1)
        let picture = CellStyle(foreground: TerminalColor(red: 250, green: 0, blue: 0), background: TerminalColor(red: 0, green: 0, blue: 250))
        _ = surface.buffer.put(text: "▀", x: 0, y: 0, style: picture)
        _ = surface.buffer.put(text: "a", x: 1, y: 0, style: CellStyle())
        let black = TerminalColor(red: 0, green: 0, blue: 0)
        Canvas(surface: surface, rect: CellRect(x: 0, y: 0, width: 4, height: 1)).dimText(in: CellRect(x: 0, y: 0, width: 2, height: 1), scrim: black)
        #expect(surface.buffer[0, 0].style.foreground == TerminalColor(red: 250, green: 0, blue: 0).mixed(with: black, amount: Canvas.scrimAmount))
        #expect(surface.buffer[0, 0].style.background == TerminalColor(red: 0, green: 0, blue: 250).mixed(with: black, amount: Canvas.scrimAmount))
        #expect(!surface.buffer[0, 0].style.attributes.contains(.dim), "a half block is not dimmed: only its top pixel would be")
        #expect(surface.buffer[1, 0].style.attributes.contains(.dim))
        let plain = DrawSurface(width: 1, height: 1)
        _ = plain.buffer.put(text: "▀", x: 0, y: 0, style: picture)
        Canvas(surface: plain, rect: CellRect(x: 0, y: 0, width: 1, height: 1)).dimText(in: CellRect(x: 0, y: 0, width: 1, height: 1))
        #expect(plain.buffer[0, 0].style == picture)
    }
}
