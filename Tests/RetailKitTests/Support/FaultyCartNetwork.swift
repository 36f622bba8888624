import FlowCore
import Foundation
import HTTPServer
import RetailBackend
@testable import RetailKit

/// A cart transport in front of the real backend (its `CartService`, in process) whose
/// requests wait until the test decides their fate: delivered, delivered twice, delivered
/// with the answer lost, lost before the server, or timed out at the client and delivered to
/// the server later (out of order). Every first successful application of a key is replayed
/// on a model of the cart, in the order the server applied it.
final class FaultyCartNetwork: CartTransport {
    enum Kind: Equatable {
        case fetch
        case change(CartChange, key: String)
    }

    struct Pending {
        let kind: Kind
        let continuation: CheckedContinuation<CartSnapshot, any Error>
    }

    private struct State {
        var pending: [Pending] = []
        var stale: [Kind] = []
        var appliedKeys: Set<String> = []
        /// Each key and the one change it was sent with.
        var keyChanges: [String: CartChange] = [:]
        var reusedKeyWithAnotherChange = false
        var model: [(productID: String, quantity: Int)] = []
        /// A late request reached the server after the client's last answer: the client's
        /// cart may be behind until it asks again.
        var staleDeliveredSinceAnswer = false
    }

    let backend: HomeBackend
    let token: String
    private let state = Locked(State())
    /// Called (from any thread) whenever a request starts waiting.
    let onRequest: @Sendable () -> Void

    init(backend: HomeBackend, token: String, onRequest: @escaping @Sendable () -> Void) {
        self.backend = backend
        self.token = token
        self.onRequest = onRequest
    }

    var pendingCount: Int { state.withLock { $0.pending.count } }
    var staleCount: Int { state.withLock { $0.stale.count } }
    var reusedKeyWithAnotherChange: Bool { state.withLock { $0.reusedKeyWithAnotherChange } }
    var model: [(productID: String, quantity: Int)] { state.withLock { $0.model } }
    var keyCount: Int { state.withLock { $0.keyChanges.count } }
    var staleDeliveredSinceAnswer: Bool { state.withLock { $0.staleDeliveredSinceAnswer } }

    func fetchCart() async throws -> CartSnapshot {
        try await wait(.fetch)
    }

    func apply(_ change: CartChange, idempotencyKey: String) async throws -> CartSnapshot {
        state.withLock { state in
            if let known = state.keyChanges[idempotencyKey], known != change { state.reusedKeyWithAnotherChange = true }
            state.keyChanges[idempotencyKey] = change
        }
        return try await wait(.change(change, key: idempotencyKey))
    }

    private func wait(_ kind: Kind) async throws -> CartSnapshot {
        try await withCheckedThrowingContinuation { continuation in
            state.withLock { $0.pending.append(Pending(kind: kind, continuation: continuation)) }
            onRequest()
        }
    }

    // MARK: - Fates

    enum Fate: CaseIterable {
        case deliver, deliverTwice, loseAnswer, loseRequest, timeOutAndDelay
    }

    /// Decides the oldest waiting request's fate.
    func decide(_ fate: Fate) {
        guard let request = state.withLock({ $0.pending.isEmpty ? nil : $0.pending.removeFirst() }) else { return }
        switch fate {
        case .deliver:
            answer(request, with: serve(request.kind))
        case .deliverTwice:
            _ = serve(request.kind)
            answer(request, with: serve(request.kind))
        case .loseAnswer:
            _ = serve(request.kind)
            request.continuation.resume(throwing: HomeAPIError.transport(message: "connection reset", isTimeout: false))
        case .loseRequest:
            request.continuation.resume(throwing: HomeAPIError.transport(message: "unreachable", isTimeout: false))
        case .timeOutAndDelay:
            state.withLock { $0.stale.append(request.kind) }
            request.continuation.resume(throwing: HomeAPIError.transport(message: "timed out", isTimeout: true))
        }
    }

    private func answer(_ request: Pending, with result: Result<CartSnapshot, any Error>) {
        if case .success = result { state.withLock { $0.staleDeliveredSinceAnswer = false } }
        request.continuation.resume(with: result)
    }

    /// Delivers a request the client gave up on to the server now (its answer goes nowhere).
    func deliverStale(at index: Int) {
        guard let kind = state.withLock({ $0.stale.isEmpty ? nil : $0.stale.remove(at: index % $0.stale.count) }) else { return }
        if case .success = serve(kind), case .change = kind { state.withLock { $0.staleDeliveredSinceAnswer = true } }
    }

    /// The request as the server sees it, answered by the real backend.
    private func serve(_ kind: Kind) -> Result<CartSnapshot, any Error> {
        var request: HTTPRequest
        switch kind {
        case .fetch:
            request = HTTPRequest(method: "GET", path: "/v1/cart")
        case .change(.add(let productID, let quantity, let position), let key):
            var body: [JSONObject.Member] = [(key: "product_id", value: .string(productID)), (key: "quantity", value: .number(Double(quantity)))]
            if let position { body.append((key: "position", value: .number(Double(position)))) }
            request = HTTPRequest(
                method: "POST", path: "/v1/cart/items", headers: ["idempotency-key": key, "content-type": "application/json"],
                body: JSONWriter.data(for: .object(JSONObject(body))))
        case .change(.setQuantity(let productID, let quantity), let key):
            request = HTTPRequest(
                method: "PUT", path: "/v1/cart/items/\(productID)", headers: ["idempotency-key": key, "content-type": "application/json"],
                body: JSONWriter.data(for: ["quantity": .number(Double(quantity))]))
        case .change(.remove(let productID), let key):
            request = HTTPRequest(method: "DELETE", path: "/v1/cart/items/\(productID)", headers: ["idempotency-key": key])
        }
        request.headers["authorization"] = "Bearer \(token)"
        let response = backend.respond(to: request)
        let reply = HTTPReply(status: response.status, headers: [:], body: response.body)
        guard reply.isSuccess else { return .failure(reply.statusError) }
        if case .change(let change, let key) = kind {
            state.withLock { state in
                guard state.appliedKeys.insert(key).inserted else { return }
                Self.apply(change, to: &state.model)
            }
        }
        return Result { try CartSnapshot(data: response.body) }
    }

    private static func apply(_ change: CartChange, to model: inout [(productID: String, quantity: Int)]) {
        switch change {
        case .add(let productID, let quantity, let position):
            if let index = model.firstIndex(where: { $0.productID == productID }) {
                model[index].quantity += quantity
            } else {
                model.insert((productID, quantity), at: min(position ?? model.count, model.count))
            }
        case .setQuantity(let productID, let quantity):
            if let index = model.firstIndex(where: { $0.productID == productID }) {
                model[index].quantity = quantity
            } else {
                model.append((productID, quantity))
            }
        case .remove(let productID):
            model.removeAll { $0.productID == productID }
        }
    }
}

/// Wakes a waiting test when something it waits for may have happened.
final class Poke: Sendable {
    private let waiters = Locked<[@Sendable () -> Void]>([])

    func register(_ waiter: @escaping @Sendable () -> Void) {
        waiters.withLock { $0.append(waiter) }
    }

    func fire() {
        let ready = waiters.withLock { waiters in
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in ready { waiter() }
    }
}
