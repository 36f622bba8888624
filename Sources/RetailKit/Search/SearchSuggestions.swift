import FlowRuntime
import Foundation
import Observation

/// Live suggestions for what the user types: nothing under two characters, a debounce on an
/// injected clock, each new query cancelling the request in flight (its transfer stops
/// and its connection closes), and an answer for an older query never shown. A failure leaves an empty list and
/// says so in `state`.
@MainActor
@Observable
public final class SearchSuggestions {
    /// What the list stands for, for the UI.
    public enum State: Sendable, Hashable {
        /// The query is too short: nothing is asked.
        case idle
        /// Waiting for the user to stop typing.
        case debouncing
        /// The request for the query is in flight.
        case loading
        /// `suggestions` answers the query (possibly with nothing).
        case loaded
        /// The request failed; the list is empty.
        case failed(message: String)
    }

    /// The fewest characters (Unicode scalars, blanks at either end not counted) a query needs.
    nonisolated public static let minimumLength = 2

    /// The text the user typed last.
    public private(set) var query = ""
    /// The suggestions shown.
    public private(set) var suggestions: [SearchSuggestion] = []
    /// The query `suggestions` answers (it stays shown while a newer one is on its way).
    public private(set) var answeredQuery: String?
    public private(set) var state: State = .idle

    @ObservationIgnored private let fetch: @Sendable (String) async throws -> [SearchSuggestion]
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let debounce: Duration
    @ObservationIgnored private var task: Task<Void, Never>?
    /// Bumped by every new query: an answer carrying an older one is dropped.
    @ObservationIgnored private var generation = 0

    /// Suggestions from `fetch`, after `debounce` (default 150 ms) on `clock`.
    public init(
        clock: any Clock<Duration> = ContinuousClock(), debounce: Duration = .milliseconds(150),
        fetch: @escaping @Sendable (String) async throws -> [SearchSuggestion]
    ) {
        self.clock = clock
        self.debounce = debounce
        self.fetch = fetch
    }

    /// Suggestions from the backend.
    public convenience init(client: HomeAPIClient, clock: any Clock<Duration> = ContinuousClock(), debounce: Duration = .milliseconds(150)) {
        self.init(clock: clock, debounce: debounce) { try await client.suggestions(for: $0) }
    }

    deinit {
        task?.cancel()
    }

    /// The user typed: the request in flight (or waiting) for the old text is cancelled, and
    /// the new text is asked for once the user pauses for the debounce.
    public func update(query text: String) {
        query = text
        task?.cancel()
        task = nil
        generation += 1
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.unicodeScalars.count >= Self.minimumLength else {
            suggestions = []
            answeredQuery = nil
            state = .idle
            return
        }
        state = .debouncing
        let current = generation
        // The deadline is fixed now, not when the task first runs.
        let pause = ClockTimer(clock: clock, after: debounce)
        let fetch = self.fetch
        task = Task { @MainActor [weak self] in
            do {
                try await pause.wait()
            } catch {
                return
            }
            guard let self, self.generation == current else { return }
            self.state = .loading
            let result: Result<[SearchSuggestion], any Error>
            do {
                result = .success(try await fetch(trimmed))
            } catch {
                result = .failure(error)
            }
            self.receive(result, query: trimmed, generation: current)
        }
    }

    /// Empties the field.
    public func clear() {
        update(query: "")
    }

    private func receive(_ result: Result<[SearchSuggestion], any Error>, query: String, generation answered: Int) {
        // An answer for an older query, or one that arrived after its request was cancelled.
        guard answered == generation, !Task.isCancelled else { return }
        task = nil
        switch result {
        case .success(let list):
            suggestions = list
            answeredQuery = query
            state = .loaded
        case .failure(let error):
            if error is CancellationError { return }
            suggestions = []
            answeredQuery = nil
            state = .failed(message: (error as? HomeAPIError)?.userMessage ?? String(describing: error))
        }
    }
}
