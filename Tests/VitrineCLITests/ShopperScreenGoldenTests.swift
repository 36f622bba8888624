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

/// The shopper's home page, a product page and the cart sheet, drawn by the app's own view in
/// colour at 40, 80, 120 and 200 columns, against golden screens in `Tests/Fixtures/screens/`:
/// each row of text, then the same row's style, one letter a cell (`ShopperScreenGoldenTests.code`).
/// They were reviewed by eye; `VITRINE_UPDATE_GOLDENS=1` writes them again.
@MainActor
@Suite struct ShopperScreenGoldenTests {
    nonisolated static let instant = Date(timeIntervalSince1970: 1_798_000_000)
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let goldens = root.appendingPathComponent("Fixtures/screens")
    nonisolated static let sizes = [(40, 15), (80, 24), (120, 40), (200, 50)]

    /// One cell's style as a letter: `r` reversed, `k`/`K` on a background (bold), `u`/`U`
    /// underlined (bold), `s` struck through, `b`/`C` bold (coloured), `d` dim, `c` coloured,
    /// a blank the terminal's own.
    static func code(_ style: CellStyle) -> Character {
        let attributes = style.attributes
        if attributes.contains(.reverse) { return "r" }
        if style.background != nil { return attributes.contains(.bold) ? "K" : "k" }
        if attributes.contains(.underline) { return attributes.contains(.bold) ? "U" : "u" }
        if attributes.contains(.strikethrough) { return "s" }
        if attributes.contains(.bold) { return style.foreground == nil ? "b" : "C" }
        if attributes.contains(.dim) { return "d" }
        return style.foreground == nil ? " " : "c"
    }

    static func picture(_ buffer: CellBuffer) -> String {
        let text = buffer.plainLines
        var rows: [String] = []
        for y in 0..<buffer.height {
            var styles = ""
            for x in 0..<buffer.width where !buffer[x, y].isContinuation { styles.append(code(buffer[x, y].style)) }
            while styles.last == " " { styles.removeLast() }
            rows.append(y < text.count ? text[y] : "")
            rows.append("  " + styles)
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static func check(_ picture: String, golden name: String) throws {
        let file = goldens.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["VITRINE_UPDATE_GOLDENS"] == "1" {
            try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
            try picture.write(to: file, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        let got = picture.split(separator: "\n", omittingEmptySubsequences: false)
        let want = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(picture == golden, "\(name) differs at line \(first?.offset ?? min(got.count, want.count)):\n got: \(first?.element.0 ?? "")\nwant: \(first?.element.1 ?? "")")
    }

    /// The app's state with the backend's `pages` loaded, `destinations` open and `cart` in it.
    static func draw(
        pages: [(PageID, Data)], destinations: [Destination], cart: CartSummary = CartSummary(isKnown: true), width: Int, height: Int,
        locale: AppLocale = .enUS
    ) throws -> CellBuffer {
        let registry = RetailViews.makeRegistry()
        let decoder = PageDecoder(catalog: registry.catalog, makeRequestID: { "golden" })
        let environment = RenderEnvironment(
            isPlain: false, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: instant), registry: registry).speaking(locale)
        let view = ShopperView(environment: environment)
        var state = ShopperState(now: instant, locale: locale)
        _ = ShopperUpdate.update(&state, .navigated(destinations))
        for (id, data) in pages {
            let page = try decoder.decodePage(data).page
            _ = ShopperUpdate.update(&state, .pageChanged(id, PageSnapshot(loadState: .loaded, page: page, hasMorePages: page.pagination?.hasMore ?? false, contentGeneration: 1)))
        }
        _ = ShopperUpdate.update(&state, .cartChanged(cart))
        // Frames until focus and scroll settle, as the loop presents them.
        var frame = view.draw(&state, width: width, height: height)
        for _ in 0..<10 where frame.needsAnotherFrame { frame = view.draw(&state, width: width, height: height) }
        return frame.view.frame.buffer
    }

    static func backend() throws -> HomeBackend {
        var configuration = HomeBackend.Configuration()
        let instant = Self.instant
        configuration.now = { instant }
        configuration.anchor = instant
        return try HomeBackend(configuration: configuration)
    }

    /// A page as a shopper whose session token is `golden` gets it (the token is the hero
    /// experiment's unit; the backend buckets by it without looking it up).
    static func body(_ backend: HomeBackend, _ path: String, locale: String = "en-US") -> Data {
        backend.respond(to: HTTPRequest(method: "GET", path: path, query: [(name: "locale", value: locale), (name: "userSegment", value: "returning")],
                                        headers: ["authorization": "Bearer golden"])).body
    }

    @Test(arguments: sizes.map { [$0.0, $0.1] })
    func theHomePageMatchesItsGolden(size: [Int]) throws {
        let backend = try Self.backend()
        let buffer = try Self.draw(pages: [(.home, Self.body(backend, "/v1/home"))], destinations: [.page(.home)], width: size[0], height: size[1])
        try Self.check(Self.picture(buffer), golden: "home-\(size[0])")
    }

    @Test(arguments: sizes.map { [$0.0, $0.1] })
    func aProductPageMatchesItsGolden(size: [Int]) throws {
        let backend = try Self.backend()
        let buffer = try Self.draw(
            pages: [(.home, Self.body(backend, "/v1/home")), ("product:p-1002", Self.body(backend, "/v1/pages/product:p-1002"))],
            destinations: [.page(.home), .page("product:p-1002")], width: size[0], height: size[1])
        try Self.check(Self.picture(buffer), golden: "product-\(size[0])")
    }

    @Test(arguments: sizes.map { [$0.0, $0.1] })
    func theCartSheetMatchesItsGolden(size: [Int]) throws {
        let backend = try Self.backend()
        let cart = CartSummary(lines: [
            .init(productID: "p-1002", title: "Trail runner Brio", quantity: 2, unitPrice: Price(amount: 88.99, currency: "USD")),
            .init(productID: "p-1010", title: "Wool coat Cora with a title long enough to be cut", quantity: 1,
                  unitPrice: Price(amount: 91.99, currency: "USD"), pending: .updating),
            .init(productID: "p-1011", title: "Wool scarf Dune", quantity: 1, unitPrice: Price(amount: 35, currency: "USD"), pending: .removing),
        ], badgeCount: 3, pendingProducts: [ExactString("p-1010"), ExactString("p-1011")], subtotal: Price(amount: 269.97, currency: "USD"), isKnown: true)
        let buffer = try Self.draw(
            pages: [(.home, Self.body(backend, "/v1/home"))], destinations: [.page(.home), .cart], cart: cart, width: size[0], height: size[1])
        try Self.check(Self.picture(buffer), golden: "cart-\(size[0])")
    }
}
