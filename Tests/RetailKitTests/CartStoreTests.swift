import FlowCore
import Foundation
import Observation
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// A transport whose answers the test gives one by one.
final class ScriptedCartTransport: CartTransport {
    struct Call: Sendable {
        var change: CartChange?
        var key: String?
    }

    private let state = Locked<(calls: [Call], waiting: [CheckedContinuation<CartSnapshot, any Error>], arrivals: [CheckedContinuation<Void, Never>])>(([], [], []))

    var calls: [Call] { state.withLock { $0.calls } }

    func fetchCart() async throws -> CartSnapshot { try await wait(Call(change: nil, key: nil)) }

    func apply(_ change: CartChange, idempotencyKey: String) async throws -> CartSnapshot {
        try await wait(Call(change: change, key: idempotencyKey))
    }

    private func wait(_ call: Call) async throws -> CartSnapshot {
        try await withCheckedThrowingContinuation { continuation in
            let arrivals = state.withLock { state in
                state.calls.append(call)
                state.waiting.append(continuation)
                defer { state.arrivals.removeAll() }
                return state.arrivals
            }
            for arrival in arrivals { arrival.resume() }
        }
    }

    /// Returns once a call waits for its answer.
    func nextCall() async -> Call {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if !state.waiting.isEmpty { return true }
                state.arrivals.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
        return state.withLock { $0.calls[$0.calls.count - 1] }
    }

    /// Answers the waiting call.
    func answer(_ result: Result<CartSnapshot, any Error>) {
        let continuation = state.withLock { $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }
        continuation?.resume(with: result)
    }

    static func cart(revision: Int, _ lines: [(String, Int)]) -> CartSnapshot {
        let items: [JSONValue] = lines.map { ["product_id": .string($0.0), "title": "T", "quantity": .number(Double($0.1))] }
        return try! CartSnapshot(json: ["cart_id": "c", "revision": .number(Double(revision)), "items": .array(items)])
    }
}

@MainActor
@Suite struct CartStoreTests {
    let transport = ScriptedCartTransport()
    let clock = TestClock()
    let date = ManualDate()

    func makeStore(journal: URL? = nil, attempts: Int = 6) -> CartStore {
        var policy = CartRetryPolicy()
        policy.maxAttempts = attempts
        return CartStore(client: CartClient(transport: transport, policy: policy, clock: clock, random: .seeded(7), now: date.function),
                         journalURL: journal)
    }

    @Test func addingUpdatesTheBadgeAndThePendingMarkAtOnce() async {
        let store = makeStore()
        store.add(productID: "p-1", quantity: 2)
        #expect(store.badgeCount == 2)
        #expect(store.isPending("p-1"))
        #expect(!store.isPending("p-2"))
        let call = await transport.nextCall()
        #expect(call.change == .add(productID: "p-1", quantity: 2))
        transport.answer(.success(ScriptedCartTransport.cart(revision: 5, [("p-1", 2)])))
        await store.waitUntilIdle()
        #expect(store.badgeCount == 2)
        #expect(!store.isPending("p-1"))
        #expect(store.canonical?.revision == 5)
    }

    @Test func operationsGoOneAtATimeInOrder() async {
        let store = makeStore()
        store.add(productID: "a")
        store.add(productID: "b", quantity: 3)
        store.remove(productID: "a")
        #expect(store.badgeCount == 3)
        #expect(await transport.nextCall().change == .add(productID: "a", quantity: 1))
        #expect(transport.calls.count == 1, "the second waits for the first")
        transport.answer(.success(ScriptedCartTransport.cart(revision: 1, [("a", 1)])))
        #expect(await transport.nextCall().change == .add(productID: "b", quantity: 3))
        transport.answer(.success(ScriptedCartTransport.cart(revision: 2, [("a", 1), ("b", 3)])))
        #expect(await transport.nextCall().change == .remove(productID: "a"))
        #expect(store.badgeCount == 3)
        transport.answer(.success(ScriptedCartTransport.cart(revision: 3, [("b", 3)])))
        await store.waitUntilIdle()
        #expect(store.lines.map(\.productID) == ["b"])
    }

    @Test func aCartOlderThanTheNewestAppliedIsIgnored() async {
        let store = makeStore()
        store.start()
        _ = await transport.nextCall()
        transport.answer(.success(ScriptedCartTransport.cart(revision: 9, [("a", 4)])))
        store.add(productID: "b")
        _ = await transport.nextCall()
        // An answer remembered for a retried key, from before the fetch.
        transport.answer(.success(ScriptedCartTransport.cart(revision: 7, [("b", 1)])))
        await store.waitUntilIdle()
        #expect(store.canonical?.revision == 9)
        #expect(store.staleAnswerCount == 1)
        #expect(store.operations.isEmpty)
    }

    @Test func retriesKeepTheKeyAndWaitOnTheClockHonouringRetryAfter() async {
        let store = makeStore()
        store.add(productID: "a")
        let first = await transport.nextCall()
        transport.answer(.failure(HomeAPIError.status(503, code: nil, message: nil, retryAfter: .seconds(20))))
        await clock.waitForSleepers()
        #expect(store.activity == .waitingToRetry)
        #expect(store.badgeCount == 1, "still shown while it waits")
        #expect((clock.nextDeadline ?? .zero) >= .seconds(20))
        clock.advance(by: .seconds(19))
        #expect(transport.calls.count == 1)
        clock.advance(by: clock.nextDeadline ?? .zero)
        let second = await transport.nextCall()
        #expect(second.key == first.key)
        transport.answer(.failure(HomeAPIError.transport(message: "reset", isTimeout: false)))
        await clock.waitForSleepers()
        // Full jitter: at most base · 2 for the second retry.
        #expect((clock.nextDeadline ?? .seconds(99)) <= .seconds(1))
        clock.advance(by: clock.nextDeadline ?? .zero)
        #expect(await transport.nextCall().key == first.key)
        transport.answer(.success(ScriptedCartTransport.cart(revision: 1, [("a", 1)])))
        await store.waitUntilIdle()
        #expect(Set(transport.calls.compactMap(\.key)).count == 1)
    }

    @Test(arguments: [404, 409, 422])
    func aRefusalRollsTheProductBackAndSaysWhy(status: Int) async {
        let store = makeStore()
        var notices: [CartStore.Notice] = []
        store.onNotice = { notices.append($0) }
        store.start()
        _ = await transport.nextCall()
        transport.answer(.success(ScriptedCartTransport.cart(revision: 1, [("a", 2)])))
        store.add(productID: "x", quantity: 3)
        _ = await transport.nextCall()
        #expect(store.badgeCount == 5)
        transport.answer(.failure(HomeAPIError.status(status, code: "c", message: "'x' is unavailable", retryAfter: nil)))
        await store.waitUntilIdle()
        #expect(store.badgeCount == 2)
        #expect(!store.isPending("x"))
        #expect(notices.map(\.productID) == ["x"])
        #expect(notices.first?.message.contains("'x' is unavailable") == true)
        #expect(transport.calls.count == 2, "never retried")
    }

    @Test func attemptsAreBoundedThenTheCartIsFetchedAgain() async {
        let store = makeStore(attempts: 3)
        var notices: [String] = []
        store.onNotice = { notices.append($0.message) }
        store.add(productID: "a")
        for _ in 0..<3 {
            _ = await transport.nextCall()
            transport.answer(.failure(HomeAPIError.status(500, code: nil, message: nil, retryAfter: nil)))
            if transport.calls.count < 3 {
                await clock.waitForSleepers()
                clock.advance(by: clock.nextDeadline ?? .zero)
            }
        }
        // Given up: rolled back, and the cart is asked for (the server may have applied it).
        let fetch = await transport.nextCall()
        #expect(fetch.change == nil)
        #expect(store.badgeCount == 0)
        #expect(notices.count == 1)
        transport.answer(.success(ScriptedCartTransport.cart(revision: 4, [("a", 1)])))
        await store.waitUntilIdle()
        #expect(store.badgeCount == 1)
    }

    @Test func anOperationPastTheKeyRetentionIsNotSentAgain() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = directory.url.appendingPathComponent("cart.json")
        let store = makeStore(journal: journal)
        store.add(productID: "a")
        _ = await transport.nextCall()
        store.stop()
        transport.answer(.failure(CancellationError()))
        await store.waitUntilSaved()
        // A day later the server has forgotten the key: sending it again could apply it twice.
        date.advance(by: 24 * 3600)
        let restarted = makeStore(journal: journal)
        #expect(restarted.operations.count == 1)
        restarted.start()
        let call = await transport.nextCall()
        #expect(call.change == nil, "a fetch, not the old operation")
        #expect(restarted.operations.isEmpty)
    }

    @Test func anUnreadableJournalIsKeptAsideNotOverwritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = directory.url.appendingPathComponent("cart.json")
        let torn = Data(#"{"version": 1, "canonical": null, "operations": [{"id": "#.utf8)
        try torn.write(to: journal)
        let store = makeStore(journal: journal)
        #expect(store.operations.isEmpty && store.badgeCount == 0)
        let aside = try #require(store.unreadableJournal)
        #expect(try Data(contentsOf: aside) == torn, "what was there is kept, byte for byte")
        store.add(productID: "a")
        await store.waitUntilSaved()
        #expect(try Data(contentsOf: aside) == torn, "a save writes the journal, not over what was set aside")
        #expect(makeStore(journal: journal).unreadableJournal == nil, "the new journal reads")
    }

    @Test func quantitiesOutsideOneToNinetyNineAreRefusedAtOnce() {
        let store = makeStore()
        var notices = 0
        store.onNotice = { _ in notices += 1 }
        store.add(productID: "a", quantity: 0)
        store.add(productID: "a", quantity: 100)
        store.add(productID: "bad\u{1B}", quantity: 1)
        #expect(store.operations.isEmpty)
        #expect(notices == 3)
    }
}

/// The cart against the real backend over HTTP, across a restart.
@MainActor
@Suite struct CartRestartTests {
    /// Waits (off the main actor, so the app's work goes on) until `condition` holds at the
    /// server, bounded.
    static func eventually(_ live: LiveBackend, _ condition: @escaping @Sendable () -> Bool) async -> Bool {
        await live.eventually { _ in condition() }
    }

    @Test func aPendingOperationKeepsItsKeyAcrossARestartAndAppliesOnce() async throws {
        let live = try LiveBackend()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = directory.url.appendingPathComponent("cart.json")
        let client = try live.client(user: "restart-1")
        // The answer is lost: the server applies the add, the app dies before hearing it.
        live.recorder.closeGate(for: "/v1/cart/items")
        let first = CartStore(client: CartClient(transport: client), journalURL: journal)
        first.add(productID: "p-1001", quantity: 2)
        #expect(await Self.eventually(live) { live.count("/v1/cart/items") == 1 })
        first.stop()
        await first.waitUntilSaved()
        live.recorder.openGate()
        #expect(await Self.eventually(live) { live.statuses("/v1/cart/items") == [200] })
        let key = try #require(live.requests.last?.header("idempotency-key"))

        let second = CartStore(client: CartClient(transport: client), journalURL: journal)
        #expect(second.badgeCount == 2, "the pending add is shown at once")
        second.start()
        await second.waitUntilIdle()
        #expect(live.requests.filter { $0.path == "/v1/cart/items" }.map { $0.header("idempotency-key") } == [key, key])
        #expect(second.badgeCount == 2)
        #expect(try await live.cart(of: client).itemCount == 2)
        #expect(second.operations.isEmpty)
    }

    @Test func theCartIsFetchedAtStartAndRemovalWorksOverHTTP() async throws {
        let live = try LiveBackend()
        let client = try live.client(user: "http-1")
        let store = CartStore(client: CartClient(transport: client))
        store.start()
        await store.waitUntilIdle()
        #expect(store.canonical != nil)
        #expect(live.count("/v1/cart") == 1)
        store.add(productID: "p-1002", quantity: 3)
        store.add(productID: "p-1004")
        store.remove(productID: "p-1002")
        store.add(productID: "p-1003")
        await store.waitUntilIdle()
        #expect(store.lines.map(\.productID) == ["p-1003"])
        #expect(store.lines.first?.title?.isEmpty == false)
        #expect(try await live.cart(of: client).lines.map(\.productID) == ["p-1003"])
        #expect(live.statuses("/v1/cart/items") == [200, 409, 200, 200], "add, unavailable add, removal, add")
    }
}
