import FlowCore
import FlowRuntime
import Foundation
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// A logout while a page request is in flight: the answer that comes after it is not kept.
@Suite struct LogoutRaceTests {
    let live: LiveBackend
    let directory: TemporaryDirectory
    let date = ManualDate()

    init() throws {
        live = try LiveBackend()
        directory = try TemporaryDirectory()
    }

    func makeRepository(user: String) throws -> HomeRepository {
        HomeRepository(client: try live.client(user: user), cache: try HomeCache(directory: directory.url, now: date.function),
                       decoder: PageDecoder(catalog: VitrineApp.makeWidgetCatalog()), now: date.function)
    }

    func collect(_ repository: HomeRepository) async throws -> [PageUpdate] {
        var updates: [PageUpdate] = []
        for try await update in repository.updates(for: PageRequest(pageID: "home", kind: .initial)) { updates.append(update) }
        return updates
    }

    @Test func aPageFetchedWhileTheUserLogsOutIsNotStored() async throws {
        defer { directory.remove() }
        let repository = try makeRepository(user: "ada")
        let key = repository.cacheKey(for: "home")
        live.recorder.closeGate(for: "/v1/home")
        let listener = Task { try await collect(repository) }
        await repository.flights.waitForListeners(1, for: key)
        let live = self.live
        #expect(await live.eventually { _ in live.count("/v1/home") == 1 })
        listener.cancel()
        _ = try? await listener.value
        await repository.cache.removeAll(for: UserID("ada")!)
        live.recorder.openGate()
        await repository.flights.waitUntilFinished(key)
        #expect(await repository.cache.entry(for: key) == nil, "the page of a logged-out user came back to the disk")
        #expect(await repository.cache.count == 0)
    }

    @Test func aPageAskedForAfterTheLogoutIsStoredAgain() async throws {
        defer { directory.remove() }
        let repository = try makeRepository(user: "ada")
        _ = try await collect(repository)
        await repository.cache.removeAll(for: UserID("ada")!)
        #expect(try await collect(repository).map(\.origin) == [.fresh])
        #expect(await repository.cache.entry(for: repository.cacheKey(for: "home")) != nil)
    }
}
