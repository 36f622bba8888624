import FlowCore
import Foundation
import Testing
@testable import RetailBackend

@Suite struct PageVariantsTests {
    @Test func enumeratesEveryCompositionFollowedToItsLastPage() throws {
        let backend = try makeBackend()
        let variants = backend.pageVariants()
        // Home: 3 locales × 3 segments × 2 variants × 4 clients, several pages each.
        let homeFirstPages = variants.filter { $0.request.hasPrefix("/v1/home?") && $0.request.contains("cursor=s0") }
        #expect(homeFirstPages.count == 3 * 3 * 2 * 4)
        #expect(variants.contains { $0.request.hasPrefix("/v1/pages/product:p-1216?") })
        #expect(variants.contains { $0.request.hasPrefix("/v1/pages/campaign:cmp-flash?") })
        #expect(!variants.contains { $0.request.contains("cmp-summer") })
        var lastPages = 0
        for variant in variants {
            let page = try JSONParser.parse(variant.body)
            #expect(page[path: "page", "schema_version"] == 1)
            if page[path: "page", "pagination", "has_more"] == false { lastPages += 1 }
        }
        #expect(lastPages == variants.filter { $0.request.contains("cursor=s0") }.count)
    }
}
