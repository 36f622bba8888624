import FlowCore
import FlowRuntime
import Foundation
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// Cache-first loading against the real backend on a loopback port; requests are counted
/// at the server.
@Suite struct HomeRepositoryTests {
    let live: LiveBackend
    let directory: TemporaryDirectory
    let date = ManualDate()
    let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())

    init() throws {
        live = try LiveBackend()
        directory = try TemporaryDirectory()
    }

    func makeRepository(user: String = "shopper-1", locale: String = "en-US", cache: HomeCache? = nil,
                        onDiagnostics: (@Sendable (DiagnosticReport) -> Void)? = nil) throws -> HomeRepository {
        let cache = try cache ?? HomeCache(directory: directory.url, now: date.function)
        return HomeRepository(client: try live.client(user: user, locale: locale), cache: cache, decoder: decoder, now: date.function,
                              onDiagnostics: onDiagnostics)
    }

    /// Every update of one request, in order.
    func collect(_ repository: HomeRepository, _ kind: PageRequest.Kind = .initial, pageID: String = "home") async throws -> [PageUpdate] {
        var updates: [PageUpdate] = []
        for try await update in repository.updates(for: PageRequest(pageID: pageID, kind: kind)) { updates.append(update) }
        return updates
    }

    @Test func theFirstLoadIsFreshAndIsStored() async throws {
        defer { directory.remove() }
        let repository = try makeRepository()
        let updates = try await collect(repository)
        #expect(updates.map(\.origin) == [.fresh])
        #expect(live.count("/v1/home") == 1)
        let entry = try #require(await repository.cache.entry(for: repository.cacheKey(for: "home")))
        #expect(entry.data == updates[0].data)
        #expect(entry.etag != nil)
        #expect(entry.ttl == 60)
    }

    @Test func aFreshCacheSendsNoRequest() async throws {
        defer { directory.remove() }
        let repository = try makeRepository()
        _ = try await collect(repository)
        date.advance(by: 30)
        let updates = try await collect(repository)
        #expect(updates.map(\.origin) == [.cached])
        #expect(live.count("/v1/home") == 1)
    }

    @Test func aStaleCopyComesFirstThenTheFreshPageAndA304RenewsIt() async throws {
        defer { directory.remove() }
        let repository = try makeRepository()
        let first = try await collect(repository)
        date.advance(by: 61)
        var ages: [TimeInterval?] = []
        var origins: [HomeUpdate.Origin] = []
        for try await update in repository.updates(pageID: "home") {
            origins.append(update.origin)
            if case .cached(let age) = update.origin { ages.append(age) }
        }
        #expect(origins.count == 2)
        #expect(ages == [61])
        #expect(origins.last == .fresh)
        // The backend composed the same page: a literal 304 to the cached ETag.
        #expect(live.statuses("/v1/home") == [200, 304])
        #expect(live.requests.last?.header("if-none-match") == (await repository.cache.entry(for: repository.cacheKey(for: "home")))?.etag)
        // Renewed without being rewritten: fresh again, same bytes, no further request.
        let entry = try #require(await repository.cache.entry(for: repository.cacheKey(for: "home")))
        #expect(entry.isFresh(at: date.now))
        #expect(entry.data == first[0].data)
        #expect(try await collect(repository).map(\.origin) == [.cached])
        #expect(live.count("/v1/home") == 2)
    }

    @Test func aForcedRefreshAsksEvenWhenTheCopyIsFresh() async throws {
        defer { directory.remove() }
        let repository = try makeRepository()
        _ = try await collect(repository)
        #expect(try await collect(repository, .refresh).map(\.origin) == [.fresh])
        #expect(live.statuses("/v1/home") == [200, 304])
    }

    @MainActor
    @Test func aFailedRefreshKeepsTheCachedPage() async throws {
        defer { directory.remove() }
        let repository = try makeRepository()
        _ = try await collect(repository)
        date.advance(by: 120)
        live.fail("/v1/home", status: 503)
        let store = PageStore(pageID: "home", source: repository, decoder: decoder)
        store.loadInitial()
        await waitUntil { !store.isLoadingPage }
        #expect(store.state == .loaded)
        #expect(store.origin == .cached)
        // The server's own words, without status or error codes.
        #expect(store.lastError == "the page could not be loaded: failing on purpose")
        #expect(live.statuses("/v1/home") == [200, 503])
        store.refresh()
        await waitUntil { !store.isLoadingPage }
        #expect(store.state == .loaded)
        #expect(store.page?.id == "home")
        live.heal()
        store.refresh()
        await waitUntil { !store.isLoadingPage }
        #expect(store.origin == .fresh)
        #expect(store.lastError == nil)
    }

    @MainActor
    @Test func withNothingCachedAFailureIsTheFullScreenError() async throws {
        defer { directory.remove() }
        live.fail("/v1/home", status: 500)
        let store = PageStore(pageID: "home", source: try makeRepository(), decoder: decoder)
        store.loadInitial()
        await waitUntil { !store.isLoadingPage }
        guard case .failed(let message) = store.state else {
            Issue.record("expected failed, got \(store.state)")
            return
        }
        #expect(message == "the page could not be loaded: failing on purpose")
    }

    @MainActor
    @Test func theHomeScreenIsAPageStoreOverTheRepositoryWithNextPages() async throws {
        defer { directory.remove() }
        let store = PageStore(pageID: "home", source: try makeRepository(), decoder: decoder)
        store.loadInitial()
        await waitUntilSettled(store)
        #expect(store.state == .loaded)
        let firstSections = store.page?.sections.count ?? 0
        #expect(store.hasMorePages)
        store.loadNextPage()
        await waitUntil { store.nextPageState != .loading }
        #expect(store.nextPageState == .idle)
        #expect((store.page?.sections.count ?? 0) > firstSections)
        let next = try #require(live.requests.last)
        #expect(next.queryValue("cursor") == "s4")
        #expect(next.header("x-vitrine-user") == nil)
        #expect(next.header("authorization") == live.requests.first { $0.path == "/v1/home" }?.header("authorization"), "the same session")
    }

    @Test func otherPagesGoThroughTheSameCache() async throws {
        defer { directory.remove() }
        let repository = try makeRepository()
        _ = try await collect(repository, pageID: "category:shoes")
        #expect(try await collect(repository, pageID: "category:shoes").map(\.origin) == [.cached])
        #expect(live.count("/v1/pages/category%3Ashoes") == 1)
        #expect(await repository.cache.count == 1)
    }

    @Test func differentUsersAndContextsNeverSeeEachOthersPage() async throws {
        defer { directory.remove() }
        let cache = try HomeCache(directory: directory.url, now: date.function)
        let ada = try makeRepository(user: "ada", cache: cache)
        let bob = try makeRepository(user: "bob", cache: cache)
        let adaInGerman = try makeRepository(user: "ada", locale: "de-DE", cache: cache)
        _ = try await collect(ada)
        #expect(try await collect(bob).map(\.origin) == [.fresh])
        #expect(try await collect(adaInGerman).map(\.origin) == [.fresh])
        #expect(try await collect(ada).map(\.origin) == [.cached])
        #expect(live.count("/v1/home") == 3)
        // Each client here has its own session (the experiment unit); no name is sent.
        #expect(live.requests.allSatisfy { $0.header("x-vitrine-user") == nil })
        #expect(Set(live.requests.compactMap { $0.path == "/v1/home" ? $0.header("authorization") : nil }).count == 3)
    }

    @Test func logoutClearsTheUsersPages() async throws {
        defer { directory.remove() }
        let repository = try makeRepository(user: "ada")
        _ = try await collect(repository)
        await repository.cache.removeAll(for: UserID("ada")!)
        #expect(try await collect(repository).map(\.origin) == [.fresh])
        #expect(live.count("/v1/home") == 2)
    }

    @Test func twentyConcurrentRefreshesMakeOneRequest() async throws {
        defer { directory.remove() }
        let repository = try makeRepository()
        live.recorder.closeGate(for: "/v1/home")
        let key = repository.cacheKey(for: "home")
        try await withThrowingTaskGroup(of: [PageUpdate].self) { group in
            for _ in 0..<20 { group.addTask { try await collect(repository, .refresh) } }
            await repository.flights.waitForListeners(20, for: key)
            live.recorder.openGate()
            var answers = 0
            for try await updates in group {
                #expect(updates.map(\.origin) == [.fresh])
                answers += 1
            }
            #expect(answers == 20)
        }
        #expect(live.count("/v1/home") == 1)
    }

    @Test func cancellingEveryListenerStillStoresTheAnswer() async throws {
        defer { directory.remove() }
        let repository = try makeRepository()
        live.recorder.closeGate(for: "/v1/home")
        let key = repository.cacheKey(for: "home")
        let listeners = (0..<3).map { _ in Task { try await collect(repository) } }
        await repository.flights.waitForListeners(3, for: key)
        for listener in listeners { listener.cancel() }
        // A cancelled consumer's stream simply ends, without the page.
        for listener in listeners {
            #expect(try await listener.value.isEmpty)
        }
        #expect(await repository.cache.entry(for: key) == nil)
        live.recorder.openGate()
        await repository.flights.waitUntilFinished(key)
        #expect(await repository.cache.entry(for: key) != nil)
        #expect(live.count("/v1/home") == 1)
    }

    @Test func anExpiredSectionNeverComesBackFromTheCache() async throws {
        defer { directory.remove() }
        let repository = try makeRepository()
        let expiry = date.now.addingTimeInterval(10)
        let page = #"{"page":{"id":"home","request_id":"r-1","ttl":600,"sections":[{"id":"flash","expires_at":"\#(RFC3339.string(from: expiry))","widgets":[{"type":"title_block","id":"t1","data":{"title":"Flash"}}]},{"id":"always","widgets":[{"type":"title_block","id":"t2","data":{"title":"Always"}}]}]}}"#
        await repository.cache.store(Data(page.utf8), etag: nil, ttl: 600, for: repository.cacheKey(for: "home"))
        date.advance(by: 11)
        var shown: [String] = []
        for try await update in repository.updates(pageID: "home") {
            #expect(update.origin == .cached(age: 11))
            let resolved = update.page.resolve(in: EvaluationContext(client: VitrineApp.clientContext, now: date.now))
            shown = resolved.sections.filter(\.isShown).map(\.section.id)
        }
        #expect(shown == ["always"])
        #expect(live.requests.isEmpty)
    }

    @Test func decodedUpdatesReportTheirDiagnostics() async throws {
        defer { directory.remove() }
        let reports = Locked<[DiagnosticReport]>([])
        let repository = try makeRepository { report in reports.withLock { $0.append(report) } }
        let page = #"{"page":{"id":"home","request_id":"r-9","ttl":600,"sections":[{"id":"s","widgets":[{"type":"hologram","id":"h"}]}]}}"#
        await repository.cache.store(Data(page.utf8), etag: nil, ttl: 600, for: repository.cacheKey(for: "home"))
        for try await _ in repository.updates(pageID: "home") {}
        let report = try #require(reports.withLock { $0.first })
        #expect(report.requestID == "r-9")
        #expect(report.diagnostics.map(\.kind) == [.unknownType])
    }
}
