import FlowCore
import Foundation
import HTTPServer
import Observation
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// The cart under 1,000 randomised interleavings of adds, quantity changes and removals with duplicated,
/// delayed (and so reordered), and lost requests and answers, against the real backend's
/// `CartService`. After each run the local cart equals the server's canonical cart, no
/// operation was applied twice, and the badge was never negative.
@MainActor
@Suite struct CartInterleavingTests {
    static let products = ["p-1001", "p-1002", "p-1003", "p-1004" /* unavailable */, "p-9999" /* unknown */]

    @Test func athousandInterleavingsEndWithTheServersCart() async throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["VITRINE_CART_SEED"].flatMap { UInt64($0) } ?? 0x5EED_CA57)
        let backend = try HomeBackend()
        var totals = (operations: 0, refused: 0, givenUp: 0, restChecks: 0, sets: 0, setsRefused: 0, placedAdds: 0)
        for run in 0..<1_000 {
            let runSeed = seed &+ UInt64(run) &* 0x9E37_79B9
            let outcome = try await interleave(backend: backend, token: try sessionToken(of: backend), seed: runSeed)
            totals.operations += outcome.operations
            totals.refused += outcome.refused
            totals.givenUp += outcome.givenUp
            totals.restChecks += outcome.restChecks
            totals.sets += outcome.sets
            totals.placedAdds += outcome.placedAdds
            totals.setsRefused += outcome.setsRefused
            if outcome.failed { break }
        }
        print("cart interleavings: 1000 runs from seed \(seed), \(totals.operations) operations, \(totals.refused) refused, "
              + "\(totals.givenUp) given up, \(totals.restChecks) checks at rest, \(totals.sets) quantity changes, "
              + "\(totals.placedAdds) adds at a place")
        // The runs did meet the cases they are for.
        #expect(totals.operations > 5_000)
        #expect(totals.refused > 100, "404, 409 and 422 rolled back")
        #expect(totals.givenUp > 10, "attempts spent, cart fetched again")
        #expect(totals.restChecks > 1_000, "the cart shown compared with the server's at rest")
        #expect(totals.sets > 1_000, "quantity changes interleaved with the rest")
        #expect(totals.setsRefused > 50, "quantity changes refused (unavailable, unknown) or given up, and rolled back")
        #expect(totals.placedAdds > 500, "adds at a place among the lines (an undone removal), whose order is compared too")
    }

    struct Outcome {
        var operations = 0
        var refused = 0
        var givenUp = 0
        var staleAnswers = 0
        var restChecks = 0
        var sets = 0
        var setsRefused = 0
        var placedAdds = 0
        var failed = false
    }

    func interleave(backend: HomeBackend, token: String, seed: UInt64) async throws -> Outcome {
        let random = RandomSource.seeded(seed)
        func pick(_ count: Int) -> Int { Int(random.next() * Double(count)) }
        let poke = Poke()
        let clock = TestClock(onSleeper: { poke.fire() })
        let network = FaultyCartNetwork(backend: backend, token: token, onRequest: { poke.fire() })
        var policy = CartRetryPolicy()
        policy.maxAttempts = 4
        policy.backoff = Backoff(base: .milliseconds(100), cap: .seconds(2))
        let store = CartStore(client: CartClient(transport: network, policy: policy, clock: clock, random: .seeded(seed ^ 0xFF)))
        var outcome = Outcome()
        store.onNotice = { notice in
            if notice.reason == .unconfirmed { outcome.givenUp += 1 } else { outcome.refused += 1 }
            outcome.setsRefused += notice.change.map { if case .setQuantity = $0 { 1 } else { 0 } } ?? 0
        }
        let label = "seed \(seed) (set VITRINE_CART_SEED to replay the whole test)"

        func settled() -> Bool { network.pendingCount > 0 || clock.sleeperCount > 0 || store.worker == nil }
        func settle() async {
            while !settled() {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let once = Locked(false)
                    let resume: @Sendable () -> Void = {
                        if once.withLock({ done in defer { done = true }; return !done }) { continuation.resume() }
                    }
                    poke.register(resume)
                    withObservationTracking { _ = store.activity } onChange: { resume() }
                    if settled() { resume() }
                }
            }
        }
        func check() throws -> Bool {
            let badge = store.badgeCount
            guard badge >= 0, store.lines.allSatisfy({ $0.quantity > 0 }) else {
                Issue.record("badge \(badge), lines \(store.lines): \(label)")
                return false
            }
            // At rest, with nothing in flight and no late request since the last answer, the
            // cart shown is the server's: no operation laid over an answer that holds it.
            if store.worker == nil, network.pendingCount == 0, network.staleCount == 0, !network.staleDeliveredSinceAnswer,
                store.lastError == nil, store.operations.isEmpty
            {
                let server = try serverCart()
                guard store.lines == server.lines, badge == server.itemCount else {
                    Issue.record("at rest the cart shows \(store.lines), the server holds \(server.lines): \(label)")
                    return false
                }
                outcome.restChecks += 1
            }
            return true
        }
        func serverCart() throws -> CartSnapshot {
            try CartSnapshot(data: backend.respond(to: HTTPRequest(method: "GET", path: "/v1/cart", headers: ["authorization": "Bearer \(token)"])).body)
        }

        store.start()
        var actions = 4 + pick(10)
        while true {
            await settle()
            guard try check() else {
                outcome.failed = true
                return outcome
            }
            var moves: [Int] = []
            if actions > 0 { moves += [0, 0] }
            if network.pendingCount > 0 { moves += [1, 1, 1, 1, 2, 3, 4, 5] }
            if network.staleCount > 0 { moves += [6] }
            if clock.sleeperCount > 0, network.pendingCount == 0 { moves += [7, 7] }
            guard !moves.isEmpty else { break }
            switch moves[pick(moves.count)] {
            case 0:
                actions -= 1
                outcome.operations += 1
                let product = Self.products[pick(Self.products.count)]
                switch pick(6) {
                case 0, 1: store.remove(productID: product)
                case 2:
                    outcome.sets += 1
                    store.setQuantity(productID: product, quantity: pick(10) == 0 ? 99 : 1 + pick(4))
                case 3:
                    // An undone removal: the line made goes back at a place among the lines.
                    outcome.placedAdds += 1
                    store.add(productID: product, quantity: 1 + pick(3), position: pick(4))
                default: store.add(productID: product, quantity: pick(10) == 0 ? 99 : 1 + pick(3))
                }
            case 1: network.decide(.deliver)
            case 2: network.decide(.deliverTwice)
            case 3: network.decide(.loseAnswer)
            case 4: network.decide(.loseRequest)
            case 5: network.decide(.timeOutAndDelay)
            case 6: network.deliverStale(at: pick(8))
            default: clock.advance(by: clock.nextDeadline ?? .zero)
            }
            // In flight too, the cart screen without its lines being removed is the cart as it
            // will be, in its order: nothing moves when the answers land.
            let shown = store.shownLines.filter { $0.pending != .removing }.map(\.line.productID)
            if shown != store.lines.map(\.productID) {
                Issue.record("shown \(shown), lines \(store.lines.map(\.productID)): \(label)")
                outcome.failed = true
                return outcome
            }
        }
        // Late requests reach the server; then a clean refresh shows what it holds.
        while network.staleCount > 0 { network.deliverStale(at: 0) }
        store.refresh()
        while true {
            await settle()
            if network.pendingCount > 0 {
                network.decide(.deliver)
            } else if clock.sleeperCount > 0 {
                clock.advance(by: clock.nextDeadline ?? .zero)
            } else {
                break
            }
        }
        outcome.staleAnswers = store.staleAnswerCount
        let server = try serverCart()
        let local = store.lines.map { "\($0.productID)×\($0.quantity)" }
        let remote = server.lines.map { "\($0.productID)×\($0.quantity)" }
        let model = network.model.map { "\($0.productID)×\($0.quantity)" }
        #expect(store.operations.isEmpty, "\(label)")
        #expect(local == remote, "local \(local), server \(remote): \(label)")
        #expect(store.badgeCount == server.itemCount, "\(label)")
        // Each key applied once at most: the server holds exactly the first applications.
        #expect(remote == model, "server \(remote), applied once each \(model): \(label)")
        #expect(!network.reusedKeyWithAnotherChange, "\(label)")
        outcome.failed = local != remote || remote != model || !store.operations.isEmpty
        return outcome
    }
}
