import Dispatch
import Foundation
import TestSupport

/// `KeepAliveClient` (one kept-alive loopback connection, blocking sockets) for async tests:
/// each request runs on the client's own serial queue and the test awaits it, so a socket
/// that waits for the server never holds one of the cooperative pool's few threads.
///
/// `@unchecked Sendable`: the one mutable thing, `client`, is touched only in blocks of `queue`,
/// a serial queue, so one request at a time, in the order they were asked.
final class LoopbackClient: @unchecked Sendable {
    typealias Answer = KeepAliveClient.Answer

    private let client: KeepAliveClient
    private let queue = DispatchQueue(label: "vitrine.test.loopback-client")

    init(port: Int, timeoutSeconds: Int) {
        client = KeepAliveClient(port: port, timeoutSeconds: timeoutSeconds)
    }

    /// Sends one request and returns its answer (throws when there is none).
    func send(_ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil) async throws -> Answer {
        try await onQueue { client in try client.send(method, target, headers: headers, body: body) }
    }

    /// Sends one request and reads nothing: for a test that ends the server while it is in flight.
    func sendWithoutWaiting(_ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil) async throws {
        try await onQueue { client in try client.sendWithoutWaiting(method, target, headers: headers, body: body) }
    }

    /// Closes the connection; the next request opens another.
    func disconnect() async {
        _ = try? await onQueue { client in client.disconnect() }
    }

    /// `POST /v1/sessions`: the token.
    func startSession() async throws -> String {
        let answer = try await send("POST", "/v1/sessions")
        guard answer.status == 201, let text = String(data: answer.body, encoding: .utf8),
            let token = text.split(separator: "\"").first(where: { $0.hasPrefix("vt1.") })
        else { throw ServeFailure(message: "no session: \(answer.status)") }
        return String(token)
    }

    private func onQueue<Value: Sendable>(_ work: @escaping @Sendable (KeepAliveClient) throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work(self.client) }) }
        }
    }
}
