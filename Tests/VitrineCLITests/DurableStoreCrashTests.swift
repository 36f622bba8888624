import CommandLineSupport
import FlowCore
import Foundation
import PageGenerator
import Testing
import TestSupport
@testable import VitrineCLI

/// `vitrine serve --data DIR` killed (SIGKILL) at seeded points of a stream of keyed cart changes
/// and event batches, with the next request in flight, then started again on the same directory:
/// every acknowledged change is there exactly once, every acknowledged key answers what it
/// answered, the change in flight applied at most once (and exactly once after its retry), and no
/// event counts twice or is lost: the store keeps each acknowledged one once.
@Suite(.serialized) struct DurableStoreCrashTests {
    static let products = ["p-1001", "p-1002", "p-1003", "p-1005"]

    /// One step of the stream: an add under a new key, or a batch of new event ids.
    enum Step {
        case add(product: String, key: String)
        case events(ids: [String])

        func send(_ client: LoopbackClient, token: String, wait: Bool) async throws -> LoopbackClient.Answer? {
            let headers = ["Authorization": "Bearer \(token)"]
            switch self {
            case .add(let product, let key):
                let body = #"{"product_id":"\#(product)"}"#
                let keyed = headers.merging(["Idempotency-Key": key]) { $1 }
                guard wait else {
                    try await client.sendWithoutWaiting("POST", "/v1/cart/items?locale=en-US", headers: keyed, body: body)
                    return nil
                }
                return try await client.send("POST", "/v1/cart/items?locale=en-US", headers: keyed, body: body)
            case .events(let ids):
                let body = #"{"events":["# + ids.map { #"{"event_id":"\#($0)","name":"tap"}"# }.joined(separator: ",") + "]}"
                guard wait else {
                    try await client.sendWithoutWaiting("POST", "/v1/events", headers: headers, body: body)
                    return nil
                }
                return try await client.send("POST", "/v1/events", headers: headers, body: body)
            }
        }
    }

    static func quantities(_ answer: LoopbackClient.Answer) throws -> [String: Int] {
        let cart = try JSONParser.parse(answer.body)
        var quantities: [String: Int] = [:]
        for item in cart["items"]?.arrayValue ?? [] {
            if let id = item["product_id"]?.stringValue, let quantity = item["quantity"]?.intValue { quantities[id] = quantity }
        }
        return quantities
    }

    @Test(arguments: 0..<20) func everyAcknowledgedChangeSurvivesAKillExactlyOnce(run: Int) async throws {
        var random = SeededRandom(seed: 0x5EED_0022 &+ UInt64(run))
        let data = try ScratchDirectory("crash-\(run)")
        let first = try await ServeProcess.start(["--data", data.url.path])
        let client = first.client()
        let token = try await client.startSession()
        var steps: [Step] = []
        let length = Int.random(in: 1...40, using: &random)
        for index in 0...length {
            if Int.random(in: 0..<4, using: &random) == 0 {
                steps.append(.events(ids: (0..<Int.random(in: 1...3, using: &random)).map { "r\(run)-e\(index)-\($0)" }))
            } else {
                steps.append(.add(product: Self.products.randomElement(using: &random) ?? "p-1001", key: "r\(run)-k\(index)"))
            }
        }
        // Every step but the last is acknowledged; the last is sent and the server killed
        // before its answer is read.
        var acknowledged: [(step: Step, answer: LoopbackClient.Answer)] = []
        for step in steps.dropLast() {
            let answer = try #require(try await step.send(client, token: token, wait: true))
            try #require(answer.status == 200, "\(answer.status) \(String(decoding: answer.body, as: UTF8.self))")
            acknowledged.append((step, answer))
        }
        let inFlight = try #require(steps.last)
        _ = try await inFlight.send(client, token: token, wait: false)
        await first.kill()
        await client.disconnect()

        let second = try await ServeProcess.start(["--data", data.url.path])
        let again = second.client()
        var expected: [String: Int] = [:]
        for case (.add(let product, _), _) in acknowledged { expected[product, default: 0] += 1 }
        let cart = try await again.send("GET", "/v1/cart?locale=en-US", headers: ["Authorization": "Bearer \(token)"])
        #expect(cart.status == 200, "the session survived")
        var found = try Self.quantities(cart)
        if case .add(let product, _) = inFlight, found[product, default: 0] == expected[product, default: 0] + 1 {
            found[product, default: 0] -= 1  // the change in flight was committed before the kill
            if found[product] == 0 { found[product] = nil }
        }
        #expect(found == expected, "run \(run): every acknowledged add exactly once")
        // Each acknowledged key answers what it answered; each acknowledged event id is a repeat.
        for (step, answer) in acknowledged {
            let retried = try #require(try await step.send(again, token: token, wait: true))
            switch step {
            case .add:
                #expect(retried.status == 200)
                #expect(retried.body == answer.body, "run \(run): the remembered answer, byte for byte")
            case .events(let ids):
                #expect(try JSONParser.parse(retried.body) == ["accepted": 0, "duplicates": .number(Double(ids.count))])
            }
        }
        // The retry of the change in flight applies it exactly once, whatever the kill left.
        let retried = try #require(try await inFlight.send(again, token: token, wait: true))
        #expect(retried.status == 200)
        if case .events(let ids) = inFlight {
            let counted = try JSONParser.parse(retried.body)
            #expect(counted == ["accepted": .number(Double(ids.count)), "duplicates": 0] || counted == ["accepted": 0, "duplicates": .number(Double(ids.count))],
                    "a batch is recorded whole or not at all")
        }
        let final = try Self.quantities(try await again.send("GET", "/v1/cart?locale=en-US", headers: ["Authorization": "Bearer \(token)"]))
        if case .add(let product, _) = inFlight { expected[product, default: 0] += 1 }
        #expect(final == expected, "run \(run): the change in flight, once")
        #expect(!first.logText.contains(token) && !second.logText.contains(token), "no token in the server's log")
        #expect(await second.stop() == 0)
        // Every acknowledged event, and the one in flight after its retry, is kept exactly once.
        var sent: [String] = []
        for case .events(let ids) in acknowledged.map(\.step) + [inFlight] { sent += ids }
        let captured = CapturedConsole()
        let status = await CommandLineTool.run(
            ["report", "events", "--data", data.url.path, "--from", "2000-01-01T00:00:00Z", "--to", "2100-01-01T00:00:00Z", "--format", "jsonl"],
            console: captured.console)
        #expect(status == 0, "\(captured.err)")
        let kept = try captured.out.split(separator: "\n").map { try JSONParser.parse(String($0))["event"]?["event_id"]?.stringValue ?? "" }
        #expect(kept == sent, "run \(run): each acknowledged event kept once, in order")
    }
}
