import FlowCore
import FlowRuntime
import Foundation

/// Pages cache-first: the cached copy at once when there is one (marked cached, with its
/// age), then the fresh page when the copy is stale or a refresh is forced. It is
/// FlowRuntime's `PageSource`, so the home screen is simply `PageStore("home")` over it, and
/// every other page (`campaign:…`, `category:…`, `product:…`) goes through the same cache.
///
/// - Revalidation: a stale copy's `ETag` goes out as `If-None-Match`; a 304 renews the
///   copy's freshness (without rewriting it) and the copy is delivered again as fresh.
/// - Single flight: concurrent requests for one key share one request to the backend. It runs
///   in its own task, so it completes and is stored even when every listener has gone.
/// - A refresh that fails throws after the cached copy was delivered: the store keeps the
///   page and says the refresh failed. A 200 the decoder refuses fails the same way, is
///   reported as a `refusedDocument` diagnostic and is never stored over the cached copy.
/// - Next pages are asked for by the postback's `cursor`, fresh, not cached (the first page
///   is what a warm start needs).
public final class HomeRepository: PageSource, Sendable {
    public let client: HomeAPIClient
    public let cache: HomeCache
    /// Decodes the pages of `updates(pageID:forceRefresh:)`.
    public let decoder: PageDecoder
    private let now: @Sendable () -> Date
    private let onDiagnostics: (@Sendable (DiagnosticReport) -> Void)?
    /// The segment the shopper's pages were last saved under when it was another than the
    /// profile's (a first visit's `new`, the launch after it became `returning`): with no copy
    /// of its own, a page shows that copy first, never as fresh. Nil: none.
    public let formerSegment: String?
    let flights = SingleFlight<HomeCacheKey, Data>()

    /// - Parameters:
    ///   - now: the wall clock freshness is measured on.
    ///   - formerSegment: see `formerSegment`.
    ///   - onDiagnostics: receives the diagnostics of every page `updates(pageID:…)` decodes
    ///     (the analytics tracker's `contract_problem` events), and the refusal of every
    ///     fetched page the decoder refuses (which is then not stored). Page stores decode their own
    ///     and report through their `onDiagnostics`.
    public init(
        client: HomeAPIClient, cache: HomeCache, decoder: PageDecoder, now: @escaping @Sendable () -> Date = { Date() },
        onDiagnostics: (@Sendable (DiagnosticReport) -> Void)? = nil, formerSegment: String? = nil
    ) {
        self.formerSegment = formerSegment
        self.client = client
        self.cache = cache
        self.decoder = decoder
        self.now = now
        self.onDiagnostics = onDiagnostics
    }

    /// The cache key of `pageID` for this client.
    public func cacheKey(for pageID: String) -> HomeCacheKey {
        HomeCacheKey(backend: client.configuration.backend, profile: client.profile, pageID: pageID)
    }

    // MARK: - PageSource

    public func updates(for request: PageRequest) -> AsyncThrowingStream<PageUpdate, any Error> {
        stream { [self] yield in
            switch request.kind {
            case .initial:
                try await pages(request.pageID, forceRefresh: false) { yield(PageUpdate(data: $0.data, origin: $0.pageOrigin, savedAt: $0.savedAt)) }
            case .refresh:
                try await pages(request.pageID, forceRefresh: true) { yield(PageUpdate(data: $0.data, origin: $0.pageOrigin, savedAt: $0.savedAt)) }
            case .nextPage(let postback):
                yield(PageUpdate(data: try await nextPage(request.pageID, postback: postback), origin: .fresh))
            case .action(let call):
                yield(PageUpdate(data: try await client.send(call), origin: .fresh))
            }
        }
    }

    // MARK: - Decoded updates

    /// The seed's stream, decoded: the cached page (with its age) when there is one, then the
    /// fresh page unless the cached one is fresh and no refresh is forced. An unreadable
    /// cached copy is skipped; an unreadable fresh page ends the stream with its error.
    public func updates(pageID: String = "home", forceRefresh: Bool = false) -> AsyncThrowingStream<HomeUpdate, any Error> {
        let decoder = self.decoder
        let sink = onDiagnostics
        return stream { [self] yield in
            try await pages(pageID, forceRefresh: forceRefresh) { raw in
                let kind = forceRefresh ? "refresh" : "initial"
                do throws(PageDecodingError) {
                    let decoded = try decoder.decodePage(raw.data)
                    if !decoded.diagnostics.isEmpty {
                        sink?(DiagnosticReport(pageID: pageID, requestID: decoded.page.requestID,
                                               source: .page(kind: kind, origin: raw.pageOrigin), diagnostics: decoded.diagnostics))
                    }
                    yield(HomeUpdate(origin: raw.origin, page: decoded.page, diagnostics: decoded.diagnostics))
                } catch {
                    sink?(DiagnosticReport(pageID: pageID, requestID: nil, source: .refusedDocument(kind: kind), diagnostics: [error.diagnostic]))
                    if raw.pageOrigin == .fresh { throw error }
                }
            }
        }
    }

    // MARK: - The policy

    /// Delivers the cached copy, then (unless it is fresh and not forced) the fresh page.
    private func pages(_ pageID: String, forceRefresh: Bool, deliver: (RawPageUpdate) throws -> Void) async throws {
        let key = cacheKey(for: pageID)
        let cached = await cache.entry(for: key)
        if !forceRefresh, cached == nil, let former = await formerCopy(of: pageID) {
            // The page as the shopper last saw it, under their former segment: shown until the
            // page of their segment comes, and the one offline.
            let age = former.age(at: now())
            try deliver(RawPageUpdate(data: former.data, origin: .cached(age: age), savedAt: age.map { now().addingTimeInterval(-$0) }))
        }
        if !forceRefresh, let cached {
            let age = cached.age(at: now())
            try deliver(RawPageUpdate(data: cached.data, origin: .cached(age: age), savedAt: age.map { now().addingTimeInterval(-$0) }))
            if cached.isFresh(at: now()) { return }
        }
        let client = self.client
        let cache = self.cache
        let decoder = self.decoder
        let report = onDiagnostics
        let kind = forceRefresh ? "refresh" : "initial"
        let data = try await flights.value(for: key) {
            do {
                return try await Self.fetch(pageID, key: key, known: cached, client: client, cache: cache, decoder: decoder)
            } catch let error as PageDecodingError {
                report?(DiagnosticReport(pageID: pageID, requestID: nil, source: .refusedDocument(kind: kind), diagnostics: [error.diagnostic]))
                throw error
            }
        }
        try deliver(RawPageUpdate(data: data, origin: .fresh))
    }

    /// Whether the first answer to a first load of `pageID` is a saved copy (its own, or the
    /// one saved under the shopper's former segment): what a renderer that draws only once the
    /// saved page is there asks before it waits for it.
    public func hasSavedCopy(of pageID: String) async -> Bool {
        if await cache.entry(for: cacheKey(for: pageID)) != nil { return true }
        return await formerCopy(of: pageID) != nil
    }

    private func formerCopy(of pageID: String) async -> HomeCacheEntry? {
        guard let formerSegment, !formerSegment.utf8.elementsEqual(client.profile.segment.utf8) else { return nil }
        var profile = client.profile
        profile.segment = formerSegment
        return await cache.entry(for: HomeCacheKey(backend: client.configuration.backend, profile: profile, pageID: pageID))
    }

    /// One request to the backend, revalidating `known`; the answer is stored before it is
    /// returned. A 200 whose page the decoder refuses (not JSON, no `page`, an unknown schema
    /// major) throws its `PageDecodingError` and is not stored: a broken answer never
    /// replaces a good cached copy.
    private static func fetch(
        _ pageID: String, key: HomeCacheKey, known: HomeCacheEntry?, client: HomeAPIClient, cache: HomeCache, decoder: PageDecoder
    ) async throws -> Data {
        // Taken before the request: a logout while it is in flight keeps its answer off the disk.
        let ticket = await cache.writeTicket(for: key)
        switch try await client.page(pageID, ifNoneMatch: known?.etag) {
        case .page(let data, let etag, let maxAge):
            _ = try decoder.decodePage(data)
            await cache.store(data, etag: etag, ttl: maxAge ?? envelopeTTL(data), for: key, ticket: ticket)
            return data
        case .notModified(let maxAge):
            guard let known else { throw HomeAPIError.undecodable("304 without a cached copy") }
            await cache.renew(known, ttl: maxAge, for: key)
            return known.data
        }
    }

    private func nextPage(_ pageID: String, postback: JSONValue) async throws -> Data {
        guard let cursor = postback["cursor"]?.stringValue else {
            throw HomeAPIError.refused("the page's postback has no cursor")
        }
        guard case .page(let data, _, _) = try await client.page(pageID, cursor: cursor) else {
            throw HomeAPIError.undecodable("304 to a next page")
        }
        return data
    }

    /// The envelope's `ttl`, for an answer without `Cache-Control: max-age`.
    private static func envelopeTTL(_ data: Data) -> Double {
        (try? JSONParser.parse(data))?["page"]?["ttl"]?.doubleValue ?? 0
    }

    /// A stream fed by `produce` in its own task; ending the stream cancels the task (but not
    /// a shared flight, which finishes on its own).
    private func stream<Element: Sendable>(
        _ produce: @escaping @Sendable (_ yield: @escaping (Element) -> Void) async throws -> Void
    ) -> AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await produce { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
