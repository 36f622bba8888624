import Foundation
import HTTPTransport
import Testing
import TestSupport

/// The crafted server the transport's tests rely on: servers started and stopped side by side
/// each answer only their own requests.
@Suite struct CraftedServerTests {
    /// Many servers start, answer and stop at once, so listener numbers are reused while other
    /// accept loops run: a stopped server's loop once took a newer server's connections (the
    /// request went to the wrong log, and the answer was the other test's).
    @Test(arguments: 0..<40)
    func everyServerAnswersOnlyItsOwnRequests(index: Int) async throws {
        let server = try CraftedServer { _ in .respond(status: 200, body: Data("server \(index)".utf8)) }
        defer { server.stop() }
        for round in 0..<5 {
            let response = try await HTTPSession().send(.init(url: server.url("/\(round)")), maxBytes: 1_000)
            #expect(String(decoding: response.body, as: UTF8.self) == "server \(index)", "port \(server.port) round \(round)")
        }
        #expect(server.requests.map(\.path) == ["/0", "/1", "/2", "/3", "/4"])
    }
}
