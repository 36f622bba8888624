import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import HTTPServer
import RetailBackend
import RetailKit
import RetailPresentation
import RetailTerminal
import Testing

/// Every cell of text on the backend's pages and the app's own screens, drawn in colour in
/// both schemes, reads at 4.5 : 1 against what it is drawn on: the page background, a
/// promotion's gradient, a badge, the sheet's surface, a button.
@MainActor
@Suite struct ScreenContrastTests {
    nonisolated static let instant = Date(timeIntervalSince1970: 1_798_000_000)

    /// The lowest contrast of a letter or digit in `buffer`, with where it is.
    static func lowest(in buffer: CellBuffer, environment: RenderEnvironment) -> (ratio: Double, at: String)? {
        let primary = environment.token("text.primary") ?? TerminalColor(red: 255, green: 255, blue: 255)
        var lowest: (Double, String)?
        for y in 0..<buffer.height {
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                guard cell.grapheme.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
                guard cell.style.foreground != nil || cell.style.background != nil else { continue }
                let foreground = cell.style.foreground ?? primary
                let background = cell.style.background ?? environment.pageBackground
                let ratio = ContrastRatio.between(foreground, background)
                if ratio < (lowest?.0 ?? .infinity) { lowest = (ratio, "'\(cell.grapheme)' at \(x),\(y)") }
            }
        }
        return lowest
    }

    /// The shopper's own colours (stock, in the cart, stars), drawn as text on the page and on
    /// the sheet's surface, read at 4.5 : 1 in both schemes; sold out is as strong as low stock.
    @Test(arguments: ColorScheme.allCases)
    func theShoppersOwnColoursRead(scheme: ColorScheme) throws {
        var environment = RenderEnvironment(evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Self.instant), registry: RetailViews.makeRegistry())
        environment.scheme = scheme
        let dark = scheme == .dark
        let grounds = [environment.pageBackground, try #require(environment.token("surface"))]
        for rgb in [RetailColors.inCart(dark: dark), RetailColors.lowStock(dark: dark), RetailColors.soldOut(dark: dark), RetailColors.star(dark: dark)] {
            for ground in grounds {
                let ratio = ContrastRatio.between(TerminalColor(red: rgb.red, green: rgb.green, blue: rgb.blue), ground)
                #expect(ratio >= ContrastRatio.minimumForText, "\(rgb) on \(ground) in \(scheme): \(ratio)")
            }
        }
        #expect(StockLine.of(.unavailable, words: Words(.enUS))?.emphasis == .critical)
        #expect(StockLine.of(.lowStock, words: Words(.enUS))?.emphasis == .warning)
    }

    @Test(arguments: ColorScheme.allCases)
    func theBackendsPagesReadInEveryScheme(scheme: ColorScheme) async throws {
        var configuration = HomeBackend.Configuration()
        let instant = Self.instant
        configuration.now = { instant }
        let backend = try HomeBackend(configuration: configuration)
        let registry = RetailViews.makeRegistry()
        let decoder = PageDecoder(catalog: registry.catalog, makeRequestID: { "contrast" })
        var environment = RenderEnvironment(isPlain: false, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Self.instant), registry: registry)
        environment.scheme = scheme
        var checked = 0
        for locale in AppLocale.allCases {
            for segment in ["new", "returning", "vip"] {
                for path in ["/v1/home", "/v1/pages/product:p-1002", "/v1/pages/category:coats", "/v1/pages/search:coat"] {
                    let request = HTTPRequest(method: "GET", path: path, query: [(name: "locale", value: locale.rawValue), (name: "userSegment", value: segment)])
                    let page = try decoder.decodePage(backend.respond(to: request).body).page
                    let spoken = environment.speaking(locale)
                    let renderer = PageRenderer(environment: spoken)
                    for scroll in stride(from: 0, to: 200, by: 40) {
                        let frame = renderer.render(.showing(page), scroll: scroll, width: 120, height: 40)
                        if let lowest = Self.lowest(in: frame.buffer, environment: spoken) {
                            #expect(lowest.ratio >= ContrastRatio.minimumForText, "\(path) \(locale.rawValue) \(segment) \(scheme) scroll \(scroll): \(lowest)")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 100)
    }
}
