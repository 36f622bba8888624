import FlowCore
import Foundation
import Testing
@testable import HTTPServer
@testable import RetailBackend

@Suite struct FaultProfileTests {
    @Test func parsesEveryItem() throws {
        let profile = try FaultProfile(parsing: " latency=300ms, error=503,truncate,malformed_section,unknown_section,fail_every=3 ")
        #expect(profile.latency == .milliseconds(300))
        #expect(profile.errorStatus == 503)
        #expect(profile.failEvery == 3)
        #expect(profile.truncate && profile.malformedSection && profile.unknownSection)
        #expect(try FaultProfile(parsing: "latency=2s").latency == .seconds(2))
        #expect(try FaultProfile(parsing: "").isEmpty)
        #expect(try FaultProfile(parsing: "none").isEmpty)
    }

    @Test(arguments: [
        "latency=300", "latency=-1ms", "latency=61s", "latency", "error=404", "error=abc", "fail_every=0",
        "truncate=yes", "explode", "latency=300ms,,truncate",
    ])
    func invalidProfilesThrowAClearMessage(text: String) {
        #expect(throws: FaultProfileError.self) { try FaultProfile(parsing: text) }
        #expect(throws: FaultProfileError.self) { try HomeBackend(faults: text) }
    }

    @Test func errorMessageNamesTheItem() {
        do {
            _ = try FaultProfile(parsing: "truncate,explode")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("'explode'"))
            #expect(error.description.contains("known:"))
        }
    }

    @Test func latencyIsADelayNotABlock() throws {
        let backend = try makeBackend(faults: "latency=300ms")
        let response = backend.respond(to: get("/v1/home"))
        #expect(response.status == 200)
        #expect(response.delay == .milliseconds(300))
    }

    @Test func errorFailsEveryRequest() throws {
        let backend = try makeBackend(faults: "error=503")
        let response = backend.respond(to: get("/v1/cart"))
        #expect(response.status == 503)
        #expect(try parse(response)[path: "error", "code"] == "injected_fault")
    }

    @Test func failEveryFailsOneInN() throws {
        let backend = try makeBackend(faults: "fail_every=3")
        let statuses = (0..<9).map { _ in backend.respond(to: get("/v1/search/suggestions", [("q", "coat")])).status }
        #expect(statuses == [200, 200, 500, 200, 200, 500, 200, 200, 500])
    }

    @Test func truncateCutsPageBodies() throws {
        let backend = try makeBackend(faults: "truncate")
        let response = backend.respond(to: get("/v1/home"))
        #expect(throws: (any Error).self) { try parse(response) }
        #expect(!response.body.isEmpty)
    }

    @Test func sectionFaultsLandOnTheFirstPage() throws {
        let backend = try makeBackend(faults: "malformed_section,unknown_section")
        let page = try parse(backend.respond(to: get("/v1/home")))
        let ids = page[path: "page", "sections"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(ids.contains("fault-malformed") && ids.contains("fault-unknown"))
        let types = page.allObjects.compactMap { $0["type"]?.stringValue }
        #expect(types.contains("hologram"))
    }

    @Test func headerProfileAppliesPerRequest() throws {
        let backend = try makeBackend()
        let faulty = backend.respond(to: get("/v1/home", headers: ["x-vitrine-fault": "unknown_section,latency=10ms"]))
        #expect(faulty.delay == .milliseconds(10))
        #expect(try parse(faulty).allObjects.contains { $0["type"] == "hologram" })
        let clean = backend.respond(to: get("/v1/home"))
        #expect(try !parse(clean).allObjects.contains { $0["type"] == "hologram" })
        #expect(faulty.header("ETag") != clean.header("ETag"))
        let invalid = backend.respond(to: get("/v1/home", headers: ["x-vitrine-fault": "explode"]))
        #expect(invalid.status == 400)
        #expect(try parse(invalid)[path: "error", "code"] == "invalid_fault_profile")
    }

    @Test func theHeaderIsIgnoredUnlessTheOperatorAllowedIt() throws {
        let closed = try HomeBackend(configuration: HomeBackend.Configuration())
        let request = get("/v1/home", headers: ["x-vitrine-fault": "latency=20s,unknown_section,error=503"])
        let response = closed.respond(to: request)
        #expect(response.status == 200)
        #expect(response.delay == .zero)
        #expect(try !parse(response).allObjects.contains { $0["type"] == "hologram" })
        #expect(closed.respond(to: get("/v1/home", headers: ["x-vitrine-fault": "explode"])).status == 200)
        var configuration = HomeBackend.Configuration(faults: "none")
        configuration.acceptsFaultHeader = true
        #expect(try HomeBackend(configuration: configuration).respond(to: request).status == 503)
    }
}

/// `sold_out`: the stock race a shopper meets, low-stock products refused at the cart.
@Suite struct SoldOutFaultTests {
    /// The first product of each availability, from the catalogue itself.
    static func product(_ availability: Availability) throws -> String {
        try #require(Catalogue(content: try DemoCatalogue.content(anchor: TestClock.anchor)).products.first { $0.availability == availability }).id
    }

    func add(_ product: String, on backend: HomeBackend) -> HTTPResponse {
        backend.respond(to: post("/v1/cart/items", json: #"{"product_id":"\#(product)"}"#, headers: Shoppers(backend).headers("ana")))
    }

    @Test func lowStockProductsAreRefusedAsUnavailableAndOthersStillAdd() throws {
        let backend = try makeBackend(faults: "sold_out")
        let refused = add(try Self.product(.lowStock), on: backend)
        #expect(refused.status == 409)
        #expect(try parse(refused)[path: "error", "code"] == "product_unavailable")
        #expect(add(try Self.product(.available), on: backend).status == 200)
        #expect(try FaultProfile(parsing: "sold_out").soldOut)
        #expect(throws: FaultProfileError.self) { try FaultProfile(parsing: "sold_out=yes") }
    }

    @Test func withoutTheFaultLowStockProductsAdd() throws {
        #expect(add(try Self.product(.lowStock), on: try makeBackend()).status == 200)
    }
}
