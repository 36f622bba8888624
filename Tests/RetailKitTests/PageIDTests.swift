import Testing
@testable import RetailKit

@Suite struct PageIDTests {
    @Test func theKindIsThePartBeforeTheFirstColon() {
        #expect(PageID.home.kind == .home)
        #expect(PageID("campaign:cmp-flash").kind == .campaign)
        #expect(PageID("category:coats").kind == .category)
        #expect(PageID("product:p-1002").kind == .product)
        #expect(PageID.search("wool coat").kind == .search)
        #expect(PageID("story:care").kind == .story)
        #expect(PageID("wishlist:mine").kind == .other)
        #expect(PageID("homepage").kind == .other)
        #expect(PageID("product").kind == .other, "no colon, no kind")
    }

    @Test func theEntityIsWhatFollowsTheKind() {
        #expect(PageID("product:p-1002").entityID == "p-1002")
        #expect(PageID.search("a:b").entityID == "a:b", "only the first colon separates")
        #expect(PageID.home.entityID == nil)
        #expect(PageID("story:care").entityID == "care")
        #expect(PageID("wishlist:mine").entityID == nil)
    }

    @Test func idsCompareByTheirScalarsNotCanonically() {
        let composed = PageID("product:caf\u{E9}")
        let decomposed = PageID("product:cafe\u{301}")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(PageID("campaign\u{301}:x").kind == .other)
        #expect(Destination.page(composed) != Destination.page(decomposed))
    }
}
