import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal
import TestSupport

/// A section stayed on screen 7 s past its `expires_at`, through redraws and a refresh, because
/// the instant the app drew at only moved while a countdown showed. Now the runtime's expiry
/// clock moves it, and the section goes when it expires, with no key pressed.
@MainActor
@Suite struct ShopperExpiryTests {
    let clock = TestClock()
    let date = ManualDate()

    @Test func aSectionLeavesTheScreenWhenItExpires() async throws {
        let ends = RFC3339.string(from: date.now.addingTimeInterval(5))
        let home = #"{"page": {"id": "home", "request_id": "r", "sections": [{"id": "flash", "expires_at": "\#(ends)", "widgets": [{"type": "title_block", "id": "deal", "data": {"title": "Flash deal"}}]}, {"id": "rest", "widgets": [{"type": "title_block", "id": "always", "data": {"title": "Always here"}}]}]}}"#
        let services = FakeShopperServices(pages: ["home": home], clock: clock, now: date.function)
        let environment = RenderEnvironment(
            isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: date.now), registry: RetailViews.makeRegistry())
        let app = ShopperApp(services: services, host: nil, environment: environment, isDebug: false, clock: clock, now: date.function)
        await app.run()
        func screen() -> String { app.draw(width: 60, height: 16).frame.buffer.plainLines.joined(separator: "\n") }
        await waitFor(app) { _ in screen().contains("Always here") }
        #expect(screen().contains("Flash deal"))

        await clock.waitForSleepers()
        date.advance(by: 5.001)
        clock.advance(by: .milliseconds(5_001))
        // The expiry clock moves the instant the app draws at; the frame then has no deal.
        await waitFor(app) { $0.now > date.now.addingTimeInterval(-0.001) }
        #expect(!screen().contains("Flash deal"), "\(screen())")
        #expect(screen().contains("Always here"))
        app.stop()
    }

    /// Suspends until the app's state satisfies `condition`, woken by each batch of messages.
    func waitFor(_ app: ShopperApp, _ condition: @escaping (ShopperState) -> Bool) async {
        while !condition(app.loop.state) {
            await withCheckedContinuation { continuation in
                app.afterUpdate = {
                    app.afterUpdate = nil
                    continuation.resume()
                }
            }
        }
    }
}
