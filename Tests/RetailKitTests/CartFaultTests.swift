import FlowCore
import Foundation
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// The real backend behind a transport whose first answer to a change is unreadable, as a
/// 2xx with a garbled or truncated body would be: the server applied the change.
final class UnreadableFirstAnswer: CartTransport {
    let client: HomeAPIClient
    private let answered = Locked(0)

    init(client: HomeAPIClient) {
        self.client = client
    }

    func fetchCart() async throws -> CartSnapshot { try await client.fetchCart() }

    func apply(_ change: CartChange, idempotencyKey: String) async throws -> CartSnapshot {
        let snapshot = try await client.apply(change, idempotencyKey: idempotencyKey)
        let first = answered.withLock { count in
            defer { count += 1 }
            return count == 0
        }
        if first { throw HomeAPIError.undecodable("the cart has no integer revision") }
        return snapshot
    }
}

@MainActor
@Suite struct CartFaultTests {
    @Test func anUnreadableAnswerToAChangeFetchesTheCartAgain() async throws {
        let live = try LiveBackend()
        let client = try live.client(user: "cart-fault")
        let transport = UnreadableFirstAnswer(client: client)
        let store = CartStore(client: CartClient(transport: transport, clock: TestClock(), random: .seeded(1)))
        store.start()
        await store.waitUntilIdle()
        let product = "p-1003"
        store.add(productID: product, quantity: 2)
        await store.waitUntilIdle()
        let server = try await live.cart(of: client)
        #expect(server.quantity(of: product) == 2)
        #expect(store.badgeCount == server.itemCount, "the server holds the change the client rolled back")
    }
}
