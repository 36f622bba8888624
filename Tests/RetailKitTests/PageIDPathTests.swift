import FlowCore
import Foundation
import RetailBackend
import Testing
@testable import RetailKit

/// A page id from the server (`open_page`) is one path segment under `/v1/pages/`, whatever
/// its bytes: dot segments, slashes, escapes and look-alikes never reach another path.
@Suite struct PageIDPathTests {
    @Test(arguments: ["..", ".", "...", "../home", "..%2Fhome", "%2e%2e", "a/../../v1/cart", "\u{FF0E}\u{FF0E}", "product:p-1001"])
    func aPageIDStaysOneSegmentUnderPages(pageID: String) async throws {
        let live = try LiveBackend()
        let client = try live.client(timeout: .seconds(10))
        _ = try? await client.page(pageID)
        let path = try #require(live.requests.last?.path)
        #expect(path.utf8.starts(with: "/v1/pages/".utf8), "'\(pageID)' went to \(path)")
        let segment = path.utf8.dropFirst("/v1/pages/".utf8.count)
        #expect(!segment.contains(UInt8(ascii: "/")), "'\(pageID)' went to \(path)")
        #expect(!segment.elementsEqual(".".utf8) && !segment.elementsEqual("..".utf8), "'\(pageID)' went to \(path)")
        // The backend reads back the id that was sent.
        #expect(path.removingPercentEncoding.map { $0.utf8.elementsEqual(("/v1/pages/" + pageID).utf8) } == true)
    }

    @Test(arguments: ["..", "."])
    func aRemovalOfADotProductStaysUnderCartItems(productID: String) async throws {
        let live = try LiveBackend()
        let client = try live.client(timeout: .seconds(10))
        _ = try? await client.apply(.remove(productID: productID), idempotencyKey: "k-\(productID.utf8.count)")
        let path = try #require(live.requests.last?.path)
        #expect(path.removingPercentEncoding.map { $0.utf8.elementsEqual(("/v1/cart/items/" + productID).utf8) } == true,
                "'\(productID)' went to \(path)")
    }
}
