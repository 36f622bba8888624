import FlowCore
import Foundation
import Testing
@testable import RetailBackend

/// What an old or limited client must not receive: no node whose `requires` it fails.
@Suite struct RequirementFilteringTests {
    let backend: HomeBackend

    init() throws {
        backend = try makeBackend()
    }

    /// Every `requires` in the document, checked as a client would (CONTRACT §4).
    func failedRequirements(_ sections: [JSONValue], version: String, capabilities: Set<String>) -> [JSONValue] {
        let client = AppVersion(version)
        return sections.flatMap(\.allObjects).compactMap { $0["requires"] }.filter { requires in
            if let minimum = requires["min_app_version"]?.stringValue.flatMap(AppVersion.init), let client, client < minimum {
                return true
            }
            let needed = requires["capabilities"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return !needed.allSatisfy(capabilities.contains)
        }
    }

    @Test(arguments: ["returning", "new", "vip"])
    func oldClientGetsNothingItCannotShow(segment: String) throws {
        let sections = try allHomeSections(backend, [("appVersion", "1.0"), ("userSegment", segment)])
        #expect(failedRequirements(sections, version: "1.0", capabilities: []).isEmpty)
        let types = Set(sections.flatMap(\.allObjects).compactMap { $0["type"]?.stringValue })
        #expect(!types.contains("editorial_card"))  // needs 2.0
        // The live-shopping section is replaced by its fallback (still) card.
        let live = try #require(sections.first { $0["id"] == "live" })
        #expect(live["requires"] == nil)
        #expect(live[path: "widgets", 0, "id"] == "live.cmp-live.fallback")
    }

    @Test func clientWithoutVideoGetsFallbacksEvenWhenNew() throws {
        let sections = try allHomeSections(backend, [("appVersion", "3.1.0"), ("capabilities", "ar")])
        #expect(failedRequirements(sections, version: "3.1.0", capabilities: ["ar"]).isEmpty)
        let campaigns = try #require(sections.first { $0["id"] == "campaigns" })
        #expect(campaigns["widgets"]?.arrayValue?.contains { $0["id"] == "campaigns.cmp-live.fallback" } == true)
        #expect(sections.contains { $0["id"] == "stories" })
    }

    @Test func capableClientGetsTheLiveCarouselWithItsRequirements() throws {
        let sections = try allHomeSections(backend, [("appVersion", "2.6"), ("capabilities", "video, ar")])
        let live = try #require(sections.first { $0["id"] == "live" })
        #expect(live[path: "requires", "min_app_version"] == "2.6.0")
        #expect(live[path: "requires", "capabilities", 0] == "video")
        #expect(live[path: "fallback", "type"] == "campaign_card")
        #expect((live["widgets"]?.arrayValue?.count ?? 0) > 1)
        let card = sections.first { $0["id"] == "campaigns" }?["widgets"]?.arrayValue?.first { $0["id"] == "campaigns.cmp-live" }
        #expect(card?["fallback"] != nil)
    }
}
