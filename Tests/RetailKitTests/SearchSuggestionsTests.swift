import FlowCore
import Foundation
import Observation
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// Suggestions fetched by a closure the test answers, on a manual clock.
final class ScriptedSuggestions: Sendable {
    struct Request {
        let query: String
        let continuation: CheckedContinuation<[SearchSuggestion], any Error>
    }

    private let state = Locked<(requests: [Request], asked: [String], cancelled: [String], arrivals: [CheckedContinuation<Void, Never>])>(([], [], [], []))
    /// Whether a request ignores its cancellation (as a slow network might answer anyway).
    let ignoresCancellation: Bool

    init(ignoresCancellation: Bool = false) {
        self.ignoresCancellation = ignoresCancellation
    }

    var asked: [String] { state.withLock { $0.asked } }
    var cancelled: [String] { state.withLock { $0.cancelled } }

    var fetch: @Sendable (String) async throws -> [SearchSuggestion] {
        { query in
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let arrivals = self.state.withLock { state in
                        state.requests.append(Request(query: query, continuation: continuation))
                        state.asked.append(query)
                        defer { state.arrivals.removeAll() }
                        return state.arrivals
                    }
                    for arrival in arrivals { arrival.resume() }
                }
            } onCancel: {
                let request = self.state.withLock { state -> Request? in
                    state.cancelled.append(query)
                    guard !self.ignoresCancellation, let index = state.requests.firstIndex(where: { $0.query == query }) else { return nil }
                    return state.requests.remove(at: index)
                }
                request?.continuation.resume(throwing: CancellationError())
            }
        }
    }

    /// Returns once `count` requests have been asked.
    func waitForRequests(_ count: Int) async {
        while state.withLock({ $0.asked.count }) < count {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if state.asked.count >= count { return true }
                    state.arrivals.append(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    func answer(_ query: String, with result: Result<[SearchSuggestion], any Error>) {
        let request = state.withLock { state -> Request? in
            guard let index = state.requests.firstIndex(where: { $0.query == query }) else { return nil }
            return state.requests.remove(at: index)
        }
        request?.continuation.resume(with: result)
    }

    static func list(_ texts: String...) -> [SearchSuggestion] {
        texts.map { SearchSuggestion(text: $0, kind: .product, target: "product:\($0)") }
    }
}

@MainActor
@Suite struct SearchSuggestionsTests {
    let clock = TestClock()

    @Test func nothingIsAskedUnderTwoCharacters() async {
        let fetch = ScriptedSuggestions()
        let search = SearchSuggestions(clock: clock, fetch: fetch.fetch)
        search.update(query: "a")
        search.update(query: " b ")
        search.update(query: "e\u{301}".precomposedStringWithCanonicalMapping)  // "é": one scalar
        #expect(search.state == .idle)
        #expect(clock.sleeperCount == 0)
        search.update(query: "e\u{301}")  // two scalars
        #expect(search.state == .debouncing)
    }

    @Test func theRequestWaitsForThePauseAndTypingStartsItOver() async {
        let fetch = ScriptedSuggestions()
        let search = SearchSuggestions(clock: clock, fetch: fetch.fetch)
        search.update(query: "sh")
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(100))
        search.update(query: "sho")
        clock.advance(by: .milliseconds(100))  // 200 ms after "sh", 100 after "sho"
        await clock.waitForSleepers()
        #expect(fetch.asked.isEmpty)
        clock.advance(by: .milliseconds(49))
        #expect(fetch.asked.isEmpty)
        clock.advance(by: .milliseconds(1))
        await fetch.waitForRequests(1)
        #expect(fetch.asked == ["sho"])
        #expect(search.state == .loading)
        fetch.answer("sho", with: .success(ScriptedSuggestions.list("shoes", "short")))
        await waitUntil { search.state == .loaded }
        #expect(search.suggestions.map(\.text) == ["shoes", "short"])
        #expect(search.answeredQuery == "sho")
    }

    @Test func aNewQueryCancelsTheRequestInFlight() async {
        let fetch = ScriptedSuggestions()
        let search = SearchSuggestions(clock: clock, fetch: fetch.fetch)
        search.update(query: "sh")
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(150))
        await fetch.waitForRequests(1)
        search.update(query: "shi")
        #expect(fetch.cancelled == ["sh"])
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(150))
        await fetch.waitForRequests(2)
        fetch.answer("shi", with: .success(ScriptedSuggestions.list("shirt")))
        await waitUntil { search.state == .loaded }
        #expect(search.suggestions.map(\.text) == ["shirt"])
    }

    @Test func anAnswerForAnOlderQueryIsNeverShown() async {
        let fetch = ScriptedSuggestions(ignoresCancellation: true)
        let search = SearchSuggestions(clock: clock, fetch: fetch.fetch)
        search.update(query: "sh")
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(150))
        await fetch.waitForRequests(1)
        search.update(query: "sk")
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(150))
        await fetch.waitForRequests(2)
        fetch.answer("sk", with: .success(ScriptedSuggestions.list("skirt")))
        await waitUntil { search.state == .loaded }
        // The old request ignored its cancellation and answers last.
        fetch.answer("sh", with: .success(ScriptedSuggestions.list("shoes")))
        search.update(query: "sk")  // a turn of the main actor for the late answer, were it applied
        clock.advance(by: .milliseconds(150))
        await fetch.waitForRequests(3)
        #expect(search.suggestions.map(\.text) == ["skirt"])
        #expect(search.answeredQuery == "sk")
    }

    @Test func aFailureLeavesAnEmptyListAndSaysSo() async {
        let fetch = ScriptedSuggestions()
        let search = SearchSuggestions(clock: clock, fetch: fetch.fetch)
        search.update(query: "sh")
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(150))
        await fetch.waitForRequests(1)
        fetch.answer("sh", with: .success(ScriptedSuggestions.list("shoes")))
        await waitUntil { search.state == .loaded }
        search.update(query: "sho")
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(150))
        await fetch.waitForRequests(2)
        fetch.answer("sho", with: .failure(HomeAPIError.status(503, code: nil, message: "busy", retryAfter: nil)))
        await waitUntil { search.state != .loading }
        #expect(search.state == .failed(message: "busy"))
        #expect(search.suggestions.isEmpty)
    }

    @Test func suggestionsComeFromTheBackend() async throws {
        let live = try LiveBackend()
        let search = SearchSuggestions(client: try live.client(), clock: clock)
        search.update(query: "sneak")
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(150))
        await waitUntil { search.state != .debouncing && search.state != .loading }
        #expect(search.state == .loaded)
        #expect(!search.suggestions.isEmpty)
        #expect(live.requests.last?.queryValue("q") == "sneak")
        #expect(live.requests.last?.header("x-vitrine-user") == nil)
        #expect(live.requests.last?.header("authorization") == nil, "a search carries no session")
    }

    @Test func typingOnCancelsTheRequestOnTheWire() async throws {
        let live = try LiveBackend(configuration: HomeBackend.Configuration(faults: "latency=60s"))
        let search = SearchSuggestions(client: try live.client(timeout: .seconds(60)), clock: clock)
        search.update(query: "sneak")
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(150))
        // However long a loaded test run takes to send it (the wait ends once it holds); the
        // release below must come sooner than the 60 s the server would hold it.
        #expect(await live.eventually(within: .seconds(300)) { $0.suspendedConnections == 1 })
        search.update(query: "sneake")
        // The held answer is released only because the client closed the connection.
        #expect(await live.eventually { $0.suspendedConnections == 0 })
        #expect(search.state == .debouncing)
    }
}
