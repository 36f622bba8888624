import FlowCore
import FlowRuntime
import Foundation
import HTTPServer
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// What a misbehaving backend must not do to the cache.
@Suite struct RepositoryFaultTests {
    let live: LiveBackend
    let directory: TemporaryDirectory
    let date = ManualDate()
    let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())

    init() throws {
        live = try LiveBackend()
        directory = try TemporaryDirectory()
    }

    let reports = Locked<[DiagnosticReport]>([])

    func makeRepository(user: String = "shopper-1") throws -> HomeRepository {
        let reports = self.reports
        return HomeRepository(client: try live.client(user: user), cache: try HomeCache(directory: directory.url, now: date.function),
                              decoder: decoder, now: date.function, onDiagnostics: { report in reports.withLock { $0.append(report) } })
    }

    func collect(_ repository: HomeRepository, _ kind: PageRequest.Kind = .initial) async throws -> [PageUpdate] {
        var updates: [PageUpdate] = []
        for try await update in repository.updates(for: PageRequest(pageID: "home", kind: kind)) { updates.append(update) }
        return updates
    }

    /// The backend answers `/v1/home` with a 200 whose body is `body`, under a new ETag.
    func answerHome(with body: String) {
        live.recorder.override.withLock {
            $0 = { request in
                guard request.path == "/v1/home" else { return nil }
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("ETag", "\"broken\""),
                                                           ("Cache-Control", "max-age=600")], body: Data(body.utf8))
            }
        }
    }

    @Test(arguments: [#"{"page": {"id": "home", "sect"#, #"<html>maintenance</html>"#, #"{"error": "nope"}"#,
                      #"{"page":{"schema_version":99,"id":"home","request_id":"r","ttl":60,"sections":[]}}"#])
    func aTwoHundredThatDoesNotDecodeKeepsTheGoodCachedPage(body: String) async throws {
        defer { directory.remove() }
        let repository = try makeRepository()
        let good = try await collect(repository)
        date.advance(by: 61)
        answerHome(with: body)
        await #expect(throws: PageDecodingError.self) { _ = try await collect(repository, .refresh) }
        #expect(reports.withLock { $0.map(\.source) } == [.refusedDocument(kind: "refresh")], "reported as a contract problem")
        let entry = try #require(await repository.cache.entry(for: repository.cacheKey(for: "home")), "the good page was lost")
        #expect(entry.data == good[0].data)
        // The next start still shows the good page at once.
        live.heal()
        let next = try await collect(repository)
        #expect(next.first?.origin == .cached)
        #expect(next.first?.data == good[0].data)
    }
}
