import FlowCore
import FlowRuntime
import Foundation

import Testing

/// A loader that answers at once and remembers what it was asked.
private final class RecordingLoader: PageLoader, Sendable {
    let requests = Locked<[PageRequest]>([])
    let answer: Data

    init(answer: Data) {
        self.answer = answer
    }

    func loadPage(_ request: PageRequest) async throws -> Data {
        requests.withLock { $0.append(request) }
        return answer
    }
}

@Suite("PageLoader adapters", .timeLimit(.minutes(1)))
@MainActor
struct LoaderAdapterTests {
    @Test func aPlainLoaderBecomesOneFreshUpdate() async throws {
        let loader = RecordingLoader(answer: Fixtures.simplePage())
        var updates: [PageUpdate] = []
        for try await update in LoaderPageSource(loader).updates(for: PageRequest(pageID: "home", kind: .initial)) {
            updates.append(update)
        }
        #expect(updates == [PageUpdate(data: Fixtures.simplePage(), origin: .fresh)])
    }

    @Test func aStoreOverAPlainLoaderLoads() async {
        let loader = RecordingLoader(answer: Fixtures.simplePage(requestID: "r7"))
        let store = PageStore(pageID: "home", loader: loader, decoder: Fixtures.decoder)
        store.loadInitial()
        await waitUntil { store.state == .loaded }
        #expect(store.page?.requestID == "r7")
        #expect(loader.requests.withLock { $0 } == [PageRequest(pageID: "home", kind: .initial)])
    }

    @Test func actionsCanTravelThroughTheLoadersActionKind() async throws {
        let loader = RecordingLoader(answer: Fixtures.response(mutations: []))
        let transport = LoaderActionTransport(loader)
        let action = ActionData(type: "api", ["endpoint": "/v1/x"])
        let context = ActionCallContext(pageID: "home", requestID: "r1", widgetID: "w", value: .null)
        let call = ActionCall(action: action, endpoint: try #require(APIEndpoint("/v1/x")), method: .post, context: context)
        _ = try await transport.send(call)
        #expect(loader.requests.withLock { $0 } == [PageRequest(pageID: "home", kind: .action(call))])
        #expect(JSONWriter.string(for: context.body(for: action))
            == #"{"action":{"type":"api","endpoint":"/v1/x"},"page_id":"home","request_id":"r1","widget_id":"w","value":null}"#)
    }
}
