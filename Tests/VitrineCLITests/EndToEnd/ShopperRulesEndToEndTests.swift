import FlowCore
import FlowPresentation
import Foundation
import HTTPServer
import RetailBackend
import RetailKit
import RetailPresentation
import Testing

/// The rules the two apps share, as a shopper meets them in the terminal app: each is decided once
/// in RetailPresentation (`ShopperRulesTests` there), and here the terminal shows what the model
/// says. Against an in-process backend whose faults the test changes.
@Suite(.serialized) struct ShopperRulesEndToEndTests {
    static let user = "e2e-rules"

    static func start(_ arguments: [String], cache: AppEndToEndTests.CacheDirectory) throws -> TmuxSession {
        let environment = ["TERM": "xterm-256color", "NO_COLOR": "1"].merging(cache.environment) { $1 }
        return try TmuxSession([TerminalSessionModeTests.executable, "app", "--user", user] + arguments, width: 100, height: 32, environment: environment)
    }

    /// A first load that fails says what to do with a retry in the shopper's words; a retry
    /// that fails again says how many tries failed; one that succeeds shows the page.
    @Test func aFailedPageSaysItsTriesAndItsRetryIsTheCataloguesWord() async throws {
        let backend = try HomeBackend(faults: "error=503")
        let server = try HTTPServer(handler: backend, configuration: .ephemeral)
        defer { server.stop() }
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(["--server", server.baseURL], cache: cache)
        defer { tmux.close() }
        let words = Words(.enUS)
        #expect(await tmux.waitFor(words[EngineWord.loadFailedTitle]), "\(tmux.picture)")
        #expect(tmux.screen().contains { $0.contains("[ \(words[EngineWord.retry]) ]") }, "\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("503") }, "never the developer's message\n\(tmux.picture)")
        try tmux.press("Enter")
        #expect(await tmux.waitFor(words.engine(.loadFailedAttempts, ["count": "2"])), "the tries counted\n\(tmux.picture)")
        try backend.changeFaults(to: "none")
        try tmux.press("Enter")
        #expect(await tmux.waitUntil { screen in !screen.contains { $0.contains(words[EngineWord.loadFailedTitle]) } }, "\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }

    /// A cart never read whose reading failed says it could not be loaded; opened again once
    /// the backend answers, it reads the cart and says it is empty.
    @Test func aCartThatCouldNotBeReadSaysSoAndOpeningItAgainAsks() async throws {
        let backend = try HomeBackend()
        let server = try HTTPServer(handler: backend, configuration: .ephemeral)
        defer { server.stop() }
        let cache = AppEndToEndTests.CacheDirectory()
        let words = Words(.enUS)
        try backend.changeFaults(to: "error=503")
        let tmux = try Self.start(["--server", server.baseURL, "--cart-attempts", "1"], cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor(words[EngineWord.loadFailedTitle]), "\(tmux.picture)")
        try tmux.press("c")
        #expect(await tmux.waitFor(String(words[.cartUnavailable].prefix(30))), "\(tmux.picture)")
        try backend.changeFaults(to: "none")
        _ = try await AppEndToEndTests.press("Escape", in: tmux)
        #expect(await tmux.waitUntil { screen in !screen.contains { $0.contains(words[.cartTitle]) } }, "closed\n\(tmux.picture)")
        try tmux.press("c")
        #expect(await tmux.waitFor(words[.cartEmpty]), "opening it asked again\n\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }

    /// A removal the server refused rolls the line back and is no removal to undo: the sheet
    /// never offers it back, whatever changes after.
    @Test func aRefusedRemovalIsNeverOfferedBack() async throws {
        let backend = try HomeBackend()
        let server = try HTTPServer(handler: backend, configuration: .ephemeral)
        defer { server.stop() }
        let expected = try HomeExpectations(user: Self.user, backend: backend)
        let product = try #require(try expected.products().first { $0.availability == "available" })
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(["--server", server.baseURL, "--open", "vitrine://product/\(product.id)", "--cart-attempts", "1"], cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("Add to cart"), "\(tmux.picture)")
        try tmux.press("Enter")
        #expect(await tmux.waitUntil { $0.first?.contains("Cart 1") == true && $0.first?.contains("◌") == false }, "\(tmux.picture)")
        try tmux.press("c")
        #expect(await tmux.waitFor("− 1 +"), "\(tmux.picture)")
        try backend.changeFaults(to: "error=503")
        try tmux.press("x")
        #expect(await tmux.waitFor("Couldn't remove"), "\(tmux.picture)")
        #expect(await tmux.waitUntil { $0.contains { $0.contains("− 1 +") } && !$0.contains { $0.contains("removing…") } }, "\(tmux.picture)")
        try backend.changeFaults(to: "none")
        try tmux.press("+")
        #expect(await tmux.waitUntil { $0.contains { $0.contains("− 2 +") } && !$0.contains { $0.contains("updating…") } }, "\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("u undo") || $0.contains("removed") }, "nothing to undo\n\(tmux.picture)")
        #expect(tmux.screen().contains { $0.contains(Words(.enUS)[.subtotal]) }, "\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }
}
