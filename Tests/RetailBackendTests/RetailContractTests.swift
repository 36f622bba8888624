import FlowCore
import Foundation
import RetailContract
import Testing
@testable import HTTPServer
@testable import RetailBackend

/// The backend answers the retail contract's vocabulary, and CONTRACT §10 says all of it.
@Suite struct RetailContractTests {
    /// Every path the contract names is the backend's route for it, matched by bytes.
    @Test func everyPathOfTheContractIsTheBackendsRoute() {
        let fixed: [(String, String)] = [
            (RetailRoutes.home, "GET"), (RetailRoutes.sessions, "POST"), (RetailRoutes.cart, "GET"), (RetailRoutes.cartItems, "POST"),
            (RetailRoutes.suggestions, "GET"), (RetailRoutes.events, "POST"), (RetailRoutes.eventStats, "GET"), (RetailRoutes.status, "GET"),
        ]
        for (path, method) in fixed {
            #expect(RetailAPI.route(path, method: method) == RetailAPI.Routed(.path(path)), "\(path)")
        }
        #expect(RetailAPI.route(RetailRoutes.member(.pages, "campaign%3Acmp-1")) == RetailAPI.Routed(.member(.pages), "campaign:cmp-1"))
        #expect(RetailAPI.route(RetailRoutes.member(.actions, RetailAPIAction.notifyMe), method: "POST")
            == RetailAPI.Routed(.member(.actions), "notify-me"))
        #expect(RetailAPI.route(RetailRoutes.member(.images, "p-1001.jpg")) == RetailAPI.Routed(.member(.images), "p-1001.jpg"))
        #expect(RetailAPI.route(RetailRoutes.cartItem("p-1001"), method: "DELETE") == RetailAPI.Routed(.cartItem, "p-1001"))
        // A segment that is only canonically equivalent to the route's is another path.
        #expect(RetailAPI.route("/v1/cafe\u{301}") == nil)
        #expect(RetailAPI.route("/v1/pag%C3%A9s/x") == nil)
    }

    /// The error table of CONTRACT §10 lists each of the API's codes once, and no other.
    @Test func theContractListsEveryErrorCode() throws {
        let contract = try String(contentsOf: Self.repository.appendingPathComponent("docs/CONTRACT.md"), encoding: .utf8)
        let table = contract.components(separatedBy: "**Error codes.**")[1].components(separatedBy: "\n\n")[1]
        let listed = table.split(separator: "\n").compactMap { row -> String? in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[1].hasPrefix("`"), cells[0] != "status" else { return nil }
            return String(cells[1].dropFirst().dropLast())
        }
        #expect(listed.sorted() == RetailErrorCode.allCases.map(\.rawValue).sorted())
    }

    /// The backend's error answers carry the contract's codes.
    @Test func anErrorAnswerCarriesTheContractsCode() throws {
        let backend = try makeBackend()
        let response = backend.respond(to: HTTPRequest(method: "POST", path: RetailRoutes.member(.actions, "launch-rockets"), body: Data("{}".utf8)))
        #expect(response.status == 404)
        #expect(try parse(response)[path: "error", "code"]?.stringValue == RetailErrorCode.unknownAction.rawValue)
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
