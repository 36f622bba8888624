import Foundation
import Testing

/// `catalogue check` warns of a campaign shown twice in a row on the pages as the server
/// composes them, whatever lies between the two sections in plans.json.
@Suite struct RepeatedCampaignCheckTests {
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var edits: [(file: String, old: String, new: String)]
        /// The warning's start, and the text whose line (plus `lineOffset`) it is said at; nil: the catalogue is good.
        var warning: (message: String, at: String, lineOffset: Int)?
        var testDescription: String { name }
    }

    static let returningPlan = "\"campaigns\",\n        \"deals\",\n        \"live\",\n        \"new-arrivals\",\n        \"categories\",\n        \"stories\","

    static let scenarios: [Scenario] = [
        // The stories need app 2.0: an older app gets the carousel twice in a row.
        Scenario(
            name: "a placement again after a section some apps do not get",
            edits: [("plans.json", returningPlan,
                     "\"campaigns\",\n        \"stories\",\n        \"campaigns\",\n        \"new-arrivals\",\n        \"categories\",\n        \"deals\",")],
            warning: ("'cmp-live' is shown twice in a row to returning using an app before 2.0.0 (or naming no version) (from ", "\"stories\",\n        \"campaigns\",", 1)),
        // A request without a version is older than every release: it does not get the stories.
        Scenario(
            name: "a repeat only for a request that names no app version",
            edits: [
                ("placements.json", "\"kind\": \"stories\",\n      \"requires\": {\n        \"min_app_version\": \"2.0.0\"",
                 "\"kind\": \"stories\",\n      \"requires\": {\n        \"min_app_version\": \"1.0.0\""),
                ("plans.json", returningPlan,
                 "\"campaigns\",\n        \"stories\",\n        \"live\",\n        \"new-arrivals\",\n        \"categories\",\n        \"deals\","),
            ],
            warning: ("'cmp-live' is shown twice in a row to returning using an app before 1.0.0 (or naming no version) (from ", "\"stories\",\n        \"live\",", 1)),
        // Every hero of a page shows its one hero campaign.
        Scenario(
            name: "two heroes in a row",
            edits: [
                ("placements.json", "{\n      \"id\": \"hero\",\n      \"kind\": \"hero\"\n    },",
                 "{\n      \"id\": \"hero\",\n      \"kind\": \"hero\"\n    },\n    {\n      \"id\": \"hero2\",\n      \"kind\": \"hero\"\n    },"),
                ("plans.json", "\"hero\",\n        \"recommended-returning\",", "\"hero\",\n        \"hero2\",\n        \"recommended-returning\","),
            ],
            warning: ("the page's hero ('", "\"hero2\",", 0)),
        // A variant no shopper is given is no page anyone sees.
        Scenario(
            name: "a repeat only in a variant of weight 0",
            edits: [("plans.json", "\"id\": \"b\",\n          \"weight\": 1,\n          \"campaign_order\": \"ending_soonest\"",
                     "\"id\": \"b\",\n          \"weight\": 0,\n          \"sections\": [\"hero\", \"campaigns\", \"live\", \"deals\"]")],
            warning: nil),
    ]

    @Test(arguments: scenarios)
    func theCheckSeesThePagesAsComposed(_ scenario: Scenario) async throws {
        let fixture = try CatalogueFixture()
        defer { fixture.remove() }
        for edit in scenario.edits { try fixture.replace(edit.old, with: edit.new, in: edit.file) }
        let result = try await CatalogueCommandTests.run(["check", fixture.path])
        guard let warning = scenario.warning else {
            #expect(result.status == 0, "\(result.out)\(result.err)")
            return
        }
        let line = try fixture.line(of: warning.at, in: "plans.json") + warning.lineOffset
        let expected = "\(fixture.path)/plans.json:\(line): warning: \(warning.message)"
        #expect(result.status == 1)
        #expect(result.out.split(separator: "\n").contains { $0.hasPrefix(expected) }, "expected \(expected) in\n\(result.out)")
    }
}
