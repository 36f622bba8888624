import FlowCore
import Foundation
import Testing
@testable import RetailBackend

@Suite struct NotifyMeActionTests {
    let backend: HomeBackend

    init() throws {
        backend = try makeBackend()
    }

    func body(product: String, widget: String = "recommended.\(0)") -> String {
        #"{"action":{"type":"api","endpoint":"/v1/actions/notify-me","product_id":"\#(product)"},"page_id":"home","request_id":"r1","widget_id":"\#(widget)","value":null}"#
    }

    @Test func replacesTheTappedCardAndToasts() throws {
        let product = try #require(backend.catalogue.products.first { $0.availability == .unavailable })
        let response = backend.respond(to: post("/v1/actions/notify-me", json: body(product: product.id, widget: "recommended.\(product.id)"),
                                                query: [("locale", "de-DE")]))
        #expect(response.status == 200)
        let answer = try parse(response)
        #expect(answer["mode"] == "partial")
        #expect(answer[path: "mutations", 0, "kind"] == "replace_widget")
        #expect(answer[path: "mutations", 0, "id"] == .string("recommended.\(product.id)"))
        let card = try #require(answer[path: "mutations", 0, "widget"])
        #expect(card["id"] == .string("recommended.\(product.id)"))
        #expect(card[path: "data", "product_id"] == .string(product.id))
        #expect(card[path: "actions", "notify"] == nil)
        #expect(answer[path: "toast", "message"]?.stringValue?.contains("Bescheid") == true)
    }

    @Test func refusesAvailableUnknownAndMalformed() throws {
        #expect(backend.respond(to: post("/v1/actions/notify-me", json: body(product: "p-1001"))).status == 409)
        #expect(backend.respond(to: post("/v1/actions/notify-me", json: body(product: "p-0"))).status == 404)
        #expect(backend.respond(to: post("/v1/actions/notify-me", json: #"{"widget_id":"w"}"#)).status == 400)
        #expect(backend.respond(to: post("/v1/actions/launch", json: body(product: "p-1001"))).status == 404)
    }
}
