import Foundation
import Testing

/// `vitrine catalogue export|check|timeline|preview`, run as a merchandiser runs them: the
/// binary as a child process on a directory of files.
@Suite("vitrine catalogue", .serialized)
struct CatalogueCommandTests {
    static func run(_ arguments: [String]) async throws -> VitrineProcess.Result {
        let result = try await VitrineProcess.run(["catalogue"] + arguments)
        #expect(!result.timedOut)
        return result
    }

    // MARK: export

    @Test func exportAtTheFileAnchorWritesTheRepositorysCatalogueByteForByte() async throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: target) }
        let result = try await Self.run(["export", target.path, "--anchor", CatalogueFixture.fileAnchor])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("wrote the demo catalogue (18 files"))
        let repository = CatalogueFixture.repository
        let written = try Self.files(under: target)
        #expect(written == (try Self.files(under: repository)))
        #expect(written.count == 18)
        for file in written {
            let exported = try Data(contentsOf: target.appendingPathComponent(file))
            let kept = try Data(contentsOf: repository.appendingPathComponent(file))
            #expect(exported == kept, "\(file) differs from the repository's: run vitrine catalogue export at \(CatalogueFixture.fileAnchor)")
        }
    }

    @Test func exportRefusesADirectoryThatHoldsACatalogueAndChangesNothing() async throws {
        let fixture = try CatalogueFixture()
        defer { fixture.remove() }
        try fixture.replace("\"Winter Sale\"", with: "\"Winter Sale, edited\"", in: "campaigns/cmp-winter.json")
        let result = try await Self.run(["export", fixture.path])
        #expect(result.status == 1)
        #expect(result.err.contains("it holds a catalogue already"))
        #expect(try fixture.text("campaigns/cmp-winter.json").contains("Winter Sale, edited"))
    }

    @Test func exportedGeneratedCampaignsLoad() async throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: target) }
        #expect(try await Self.run(["export", target.path, "--campaigns", "40"]).status == 0)
        let check = try await Self.run(["check", target.path])
        #expect(!check.out.contains(": error:"), "\(check.out)")
        #expect(try Self.files(under: target).filter { $0.hasPrefix("campaigns/cmp-gen-") }.count == 40)
    }

    // MARK: check

    @Test func theRepositorysCatalogueChecksClean() async throws {
        let result = try await Self.run(["check", CatalogueFixture.repository.path])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("good: 11 campaigns, 12 categories, 216 products, 4 stories, 4 promotions, 18 placements, 3 plans, 1 experiment"))
    }

    /// One broken catalogue per problem class the check names; each is reported at the file and
    /// line of the mistake.
    struct Breakage: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var old: String
        var new: String
        /// Where the report points, in the edited file: the line of this text.
        var at: String
        var severity: String
        var message: String
        var testDescription: String { name }
    }

    static let breakages: [Breakage] = [
        Breakage(name: "half-written JSON", file: "campaigns/cmp-winter.json", old: "\"picks\"],", new: "\"picks\"",
                 at: "\"products\"", severity: "error", message: "is not JSON: expected ',' or ']' in an array"),
        Breakage(name: "a key the schema does not know", file: "campaigns/cmp-winter.json", old: "  \"priority\": 10,", new: "  \"priority\": 10,\n  \"titel\": \"Winter\",",
                 at: "\"titel\"", severity: "error", message: "unknown key 'titel'"),
        Breakage(name: "a slip of a key's letters", file: "campaigns/cmp-winter.json", old: "\"title\": \"Winter Sale\"", new: "\"tilte\": \"Winter Sale\"",
                 at: "\"tilte\"", severity: "error", message: "unknown key 'tilte': did you mean 'title'?"),
        Breakage(name: "a date and time written another way", file: "campaigns/cmp-boots.json", old: "\"end\": \"2027-01-20T09:00:00+01:00\"",
                 new: "\"end\": \"2027-01-20 10:00\"", at: "\"end\"", severity: "error",
                 message: "'2027-01-20 10:00' is not an instant: write 2027-01-20T10:00:00+01:00, or 2027-01-20T10:00 in the window's time_zone"),
        Breakage(name: "a value of the wrong type", file: "campaigns/cmp-winter.json", old: "\"priority\": 10", new: "\"priority\": \"high\"",
                 at: "\"priority\"", severity: "error", message: "priority must be a whole number"),
        Breakage(name: "a placement that does not exist", file: "campaigns/cmp-winter.json", old: "[\"hero\", \"campaigns\", \"picks\"]", new: "[\"hero\", \"campaigns\", \"pickz\"]",
                 at: "\"pickz\"", severity: "error", message: "placement 'pickz' does not exist in placements.json"),
        Breakage(name: "a plan naming a placement that does not exist", file: "plans.json", old: "        \"promotions\",\n        \"categories\",", new: "        \"promotion\",\n        \"categories\",",
                 at: "\"promotion\"", severity: "error", message: "placement 'promotion' does not exist in placements.json"),
        Breakage(name: "a category that does not exist", file: "campaigns/cmp-winter.json", old: "[\"coats\", \"shoes\"]", new: "[\"coats\", \"shoos\"]",
                 at: "\"categories\"", severity: "error", message: "category 'shoos' does not exist in categories.json"),
        Breakage(name: "a window that ends before it starts", file: "campaigns/cmp-winter.json", old: "\"end\": \"2027-02-04T09:00:00+01:00\"", new: "\"end\": \"2027-01-04T09:00:00+01:00\"",
                 at: "\"end\"", severity: "error", message: "the window ends (2027-01-04T09:00:00+01:00) before it starts (2027-01-05T09:00:00+01:00)"),
        Breakage(name: "copy missing for a targeted locale", file: "campaigns/cmp-winter.json", old: "\"title\": \"Soldes d’hiver\",", new: "",
                 at: "\"fr-FR\"", severity: "error", message: "no fr-FR title: the campaign runs in every locale of the catalogue"),
        Breakage(name: "a product query that matches nothing", file: "campaigns/cmp-boots.json", old: "\"ids\": [\"p-1013\"", new: "\"categories\": [\"coats\"], \"ids\": [\"p-1013\"",
                 at: "\"products\"", severity: "warning", message: "the campaign's products match no product"),
        Breakage(name: "two heroes for the same audience", file: "campaigns/cmp-sport.json", old: "\"priority\": 2", new: "\"priority\": 5",
                 at: "\"priority\"", severity: "warning",
                 message: "'cmp-boots' and 'cmp-sport' both lead the hero 'hero' for returning, vip from 2027-01-13T09:00:00+01:00 to 2027-01-20T09:00:00+01:00 with priority 5"),
    ]

    /// A campaign neighbouring sections both show: said once, for every plan it happens in.
    static let repeatBreakages: [Breakage] = [
        Breakage(name: "a campaign in a carousel and its banner right after", file: "plans.json",
                 old: "\"campaigns\",\n        \"deals\",\n        \"live\",", new: "\"campaigns\",\n        \"live\",\n        \"deals\",", at: "\"live\",\n        \"deals\"",
                 severity: "warning",
                 message: "'cmp-live' is shown twice in a row to returning (from "),
        // The stories between them need app 2.0: an older app gets the two in a row.
        Breakage(name: "a campaign in a carousel and its banner after a section some apps do not get", file: "plans.json",
                 old: "\"campaigns\",\n        \"deals\",\n        \"live\",\n        \"new-arrivals\",\n        \"categories\",\n        \"stories\",",
                 new: "\"campaigns\",\n        \"stories\",\n        \"live\",\n        \"new-arrivals\",\n        \"categories\",\n        \"deals\",",
                 at: "\"live\",\n        \"new-arrivals\",\n        \"categories\"", severity: "warning",
                 message: "'cmp-live' is shown twice in a row to returning using an app before 2.0.0 (or naming no version) (from "),
    ]

    /// A campaign placement that follows itself shows its campaigns twice in a row.
    static let selfRepeatBreakages: [Breakage] = [
        Breakage(name: "a carousel of campaigns right after itself", file: "plans.json",
                 old: "\"campaigns\",\n        \"deals\",", new: "\"campaigns\",\n        \"campaigns\",\n        \"deals\",",
                 at: "\"campaigns\",\n        \"deals\"", severity: "warning",
                 message: "'campaigns' follows itself: its campaigns are shown twice in a row"),
    ]

    /// The product feed's mistakes, each at its line.
    static let feedBreakages: [Breakage] = [
        Breakage(name: "a price without a locale's currency", file: "products.json", old: "\"USD\": 6100,\n        \"EUR\": 5600", new: "\"USD\": 6100",
                 at: "\"price\"", severity: "error", message: "price has no EUR amount (the catalogue sells in USD, EUR)"),
        Breakage(name: "a product of a category that does not exist", file: "products.json", old: "\"category\": \"shoes\"", new: "\"category\": \"shoos\"",
                 at: "\"shoos\"", severity: "error", message: "category 'shoos' does not exist in categories.json"),
        Breakage(name: "a compare-at price not above the price", file: "products.json", old: "\"USD\": 11199,", new: "\"USD\": 10,",
                 at: "\"USD\": 10,", severity: "error", message: "compare_at.USD (10) is not above the price"),
        Breakage(name: "a product id declared twice", file: "products.json", old: "\"id\": \"p-1003\"", new: "\"id\":  \"p-1002\"",
                 at: "\"id\":  \"p-1002\"", severity: "error", message: "product 'p-1002' is declared again (first in products.json)"),
        Breakage(name: "products generated as before", file: "catalogue.json", old: "\"time_zone\": \"Europe/Berlin\"",
                 new: "\"time_zone\": \"Europe/Berlin\",\n  \"products\": {\"models\": [\"Alto\"]}",
                 at: "\"products\"", severity: "error", message: "'products' generated products by their place in a list"),
    ]

    /// A directory that is not there is one error that says so, not one for each file.
    @Test func aMissingDirectoryIsOneErrorThatSaysSo() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-catalogue-\(UUID().uuidString)").path
        let result = try await Self.run(["check", missing])
        #expect(result.status == 1)
        #expect(result.out.split(separator: "\n") == ["\(missing): error: does not exist: a catalogue is a directory of files (vitrine catalogue export DIR writes the demo's)"])
        #expect(result.err.contains("1 error, 0 warnings"))
    }

    @Test(arguments: breakages + feedBreakages + repeatBreakages + selfRepeatBreakages)
    func eachProblemIsReportedAtItsFileAndLine(_ breakage: Breakage) async throws {
        let fixture = try CatalogueFixture()
        defer { fixture.remove() }
        try fixture.replace(breakage.old, with: breakage.new, in: breakage.file)
        let line = try fixture.line(of: breakage.at, in: breakage.file)
        let result = try await Self.run(["check", fixture.path])
        #expect(result.status == 1)
        let expected = "\(fixture.path)/\(breakage.file):\(line): \(breakage.severity): \(breakage.message)"
        #expect(result.out.split(separator: "\n").contains { $0.hasPrefix(expected) }, "expected \(expected) in\n\(result.out)")
        #expect(result.err.contains(breakage.severity == "error" ? "(the server would not load it)" : ", 1 warning (the server would load it and serve it as it is)"))
    }

    /// A window's instant written another way.
    struct MisreadInstant: Sendable, CustomTestStringConvertible {
        var name: String
        var written: String
        /// The window's own zone, when not the catalogue's (Europe/Berlin).
        var zone: String?
        /// What the error says after the quoted text.
        var fix: String
        var testDescription: String { name }
    }

    static let misreadInstants: [MisreadInstant] = [
        MisreadInstant(name: "a day without a time", written: "2027-01-20",
                       fix: "is not an instant: write 2027-01-20T00:00:00+01:00, or 2027-01-20T00:00 in the window's time_zone"),
        MisreadInstant(name: "an offset without its colon", written: "2027-01-20T10:00:00+0100",
                       fix: "is not an instant: write 2027-01-20T10:00:00+01:00, or 2027-01-20T10:00 in the window's time_zone"),
        MisreadInstant(name: "a space before the offset", written: "2027-01-20 10:00 +01:00",
                       fix: "is not an instant: write 2027-01-20T10:00:00+01:00, or 2027-01-20T10:00 in the window's time_zone"),
        MisreadInstant(name: "the day first, which could be the month", written: "20/01/2027 10:00",
                       fix: "is not an instant: write it as YYYY-MM-DDTHH:MM:SS±HH:MM, or YYYY-MM-DDTHH:MM in the window's time_zone"),
        MisreadInstant(name: "a day in a window of another zone", written: "2027-01-20", zone: "America/New_York",
                       fix: "is not an instant: write 2027-01-20T00:00:00-05:00, or 2027-01-20T00:00 in the window's time_zone"),
    ]

    /// An instant written another way is given the fix for the very instant written (the date
    /// and time given, in the window's zone, at its offset then), or only the form when the
    /// text reads more than one way: never an example instant that would read as the fix.
    @Test(arguments: misreadInstants)
    func anInstantWrittenAnotherWayIsGivenItsOwnFixOrTheForm(_ instant: MisreadInstant) async throws {
        let fixture = try CatalogueFixture()
        defer { fixture.remove() }
        let file = "campaigns/cmp-boots.json"
        try fixture.replace("\"end\": \"2027-01-20T09:00:00+01:00\"", with: "\"end\": \"\(instant.written)\"", in: file)
        if let zone = instant.zone {
            try fixture.replace("\"time_zone\": \"Europe/Berlin\"", with: "\"time_zone\": \"\(zone)\"", in: file)
        }
        let line = try fixture.line(of: "\"end\"", in: file)
        let result = try await Self.run(["check", fixture.path])
        #expect(result.status == 1)
        let expected = "\(fixture.path)/\(file):\(line): error: '\(instant.written)' \(instant.fix)"
        #expect(result.out.split(separator: "\n").contains { $0 == expected }, "expected \(expected) in\n\(result.out)")
    }

    /// A catalogue of the earlier layout (products generated from categories) gets the feed
    /// those made, with the ids its carts hold: the repository's own feed.
    @Test func upgradeWritesTheFeedAnEarlierCatalogueGenerated() async throws {
        let fixture = try CatalogueFixture()
        defer { fixture.remove() }
        let earlier = CatalogueFixture.repository.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/catalogue-v1")
        for name in ["catalogue.json", "categories.json"] {
            try fixture.write(name, try String(contentsOf: earlier.appendingPathComponent(name), encoding: .utf8))
        }
        try FileManager.default.removeItem(at: fixture.url("products.json"))
        let refused = try await Self.run(["check", fixture.path])
        #expect(refused.status == 1)
        #expect(refused.out.contains("vitrine catalogue upgrade DIR writes it, keeping the ids carts hold"), "\(refused.out)")

        let upgrade = try await Self.run(["upgrade", fixture.path])
        #expect(upgrade.status == 0, "\(upgrade.err)")
        for name in ["products.json", "catalogue.json", "categories.json"] {
            let written = try fixture.text(name)
            let repository = try String(contentsOf: CatalogueFixture.repository.appendingPathComponent(name), encoding: .utf8)
            #expect(written == repository, "\(name) differs from the repository's")
        }
        #expect(try await Self.run(["check", fixture.path]).status == 0)
        let again = try await Self.run(["upgrade", fixture.path])
        #expect(again.status == 1)
        #expect(again.err.contains("it has a product feed already"))
    }

    /// `--previous` names what left the feed since: carts may hold it.
    @Test func checkAgainstThePreviousCatalogueWarnsOfProductsThatLeft() async throws {
        let fixture = try CatalogueFixture()
        defer { fixture.remove() }
        try AssortmentChangeTests.changeTheAssortment(fixture)
        let result = try await Self.run(["check", fixture.path, "--previous", CatalogueFixture.repository.path])
        #expect(result.status == 1)
        #expect(result.out.contains("products.json: warning: product 'p-1002' (Trail runner Brio) is no longer listed: carts that hold it keep it"),
                "\(result.out)")
        #expect(result.err.contains("0 errors, 1 warning"))
        #expect(try await Self.run(["check", fixture.path]).status == 0, "without --previous nothing is compared")
    }

    /// A feed for load tests, past what one file holds, goes in products/ and loads.
    @Test func exportedGeneratedProductsLoad() async throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: target) }
        #expect(try await Self.run(["export", target.path, "--products", "4500"]).status == 0)
        #expect(try Self.files(under: target).filter { $0.hasPrefix("products/") } == ["products/products-0001.json", "products/products-0002.json", "products/products-0003.json"])
        let check = try await Self.run(["check", target.path])
        #expect(check.status == 0, "\(check.out)")
        #expect(check.out.contains("4500 products"))
    }

    @Test(arguments: [
        [String](), ["check"], ["check", "a", "b"], ["frobnicate"], ["check", "--verbose", "x"], ["upgrade"], ["check", "x", "--previous"],
        ["export", "x", "--products", "0"],
        ["timeline", "x", "--days", "3"], ["timeline", "x", "--from", "yesterday", "--days", "3"],
        ["preview", "x", "--at", "2027-01-15T08:00:00Z", "--segment", "gold", "--locale", "en-US"],
        ["export", "x", "--campaigns", "-1"],
    ])
    func usageErrorsExit2(arguments: [String]) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.err.contains("usage: vitrine catalogue"))
    }

    // MARK: timeline

    @Test func theTimelineSaysWhatStartsAndEndsAtAWindowsEdges() async throws {
        let all = try await Self.run(["timeline", CatalogueFixture.repository.path, "--from", "2027-01-15T00:00:00+01:00", "--days", "2"])
        #expect(all.status == 0, "\(all.err)")
        let lines = all.out.split(separator: "\n").map(String.init)
        let friday = try #require(lines.firstIndex(of: "Fri 2027-01-15, UTC+01:00"))
        let saturday = try #require(lines.firstIndex(of: "Sat 2027-01-16, UTC+01:00"))
        let day = lines[friday..<saturday]
        #expect(day.contains { $0.hasPrefix("  starts   03:00  cmp-flash") })
        #expect(day.contains { $0.hasPrefix("  ends     11:00  cmp-flash") })
        #expect(!lines[saturday...].contains { $0.contains("cmp-flash") }, "over the day after")
        #expect(day.contains { $0.hasPrefix("  live     00:00  cmp-vip") })

        let new = try await Self.run(["timeline", CatalogueFixture.repository.path, "--from", "2027-01-15T00:00:00+01:00", "--days", "1",
                                      "--segment", "new", "--locale", "de-DE"])
        #expect(new.out.contains("Blitzangebote"))
        #expect(!new.out.contains("cmp-vip"), "the VIP campaign is not the new shoppers'")
    }

    @Test func theTimelineFollowsAClockChange() async throws {
        let fixture = try CatalogueFixture()
        defer { fixture.remove() }
        try fixture.replace("\"end\": \"2027-03-16T09:00:00+01:00\"", with: "\"end\": \"2027-03-28T12:00\"", in: "campaigns/cmp-spring.json")
        let result = try await Self.run(["timeline", fixture.path, "--from", "2027-03-27T00:00:00+01:00", "--days", "2"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("Sat 2027-03-27, UTC+01:00\n"))
        #expect(result.out.contains("Sun 2027-03-28: 23 hours, clocks go from UTC+01:00 to UTC+02:00"))
        #expect(result.out.contains("  ends     12:00+02:00  cmp-spring"), "a local end is read on the zone's summer clock")

        try fixture.replace("\"end\": \"2027-03-28T12:00\"", with: "\"end\": \"2027-03-28T02:30\"", in: "campaigns/cmp-spring.json")
        let skipped = try await Self.run(["timeline", fixture.path, "--from", "2027-03-27T00:00:00+01:00", "--days", "2"])
        #expect(skipped.status == 1)
        #expect(skipped.err.contains("campaigns/cmp-spring.json:\(try fixture.line(of: "\"end\"", in: "campaigns/cmp-spring.json")): error: '2027-03-28T02:30' does not exist in Europe/Berlin"))
    }

    // MARK: preview

    /// For everyone, the hero is each segment's (a VIP-only hero is never everyone's) and a
    /// campaign for some segments says which; what is live is listed once, then only what
    /// changes; `--from` takes a day of the catalogue's zone.
    @Test func theTimelineSaysWhatChangesForWhom() async throws {
        let result = try await Self.run(["timeline", CatalogueFixture.repository.path, "--from", "2027-01-14", "--days", "3"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.contains("3 days from 2027-01-14 00:00 Europe/Berlin, every segment") == true, "\(result.out)")
        #expect(lines.contains("  starts   09:00  cmp-vip      VIP early access (for vip)"), "\(result.out)")
        #expect(lines.contains("  hero     09:00  vip        cmp-vip (a), cmp-boots (b)"), "\(result.out)")
        #expect(!lines.contains { $0.hasPrefix("  hero") && $0.contains("cmp-vip") && !$0.contains(" vip ") }, "a VIP hero is only VIPs'")
        #expect(lines.filter { $0.hasPrefix("  live") && $0.contains("cmp-winter") }.count == 1, "live is said once\n\(result.out)")
        #expect(lines.filter { !$0.isEmpty }.suffix(2) == ["Sat 2027-01-16, UTC+01:00", "  no change"], "\(result.out)")
        let vip = try await Self.run(["timeline", CatalogueFixture.repository.path, "--from", "2027-01-14T09:00", "--days", "1", "--segment", "vip"])
        #expect(vip.out.contains("1 day from 2027-01-14 09:00 Europe/Berlin, vip"), "\(vip.out)")
        #expect(vip.out.contains("  hero     09:00  cmp-vip (a), cmp-boots (b)"), "\(vip.out)")
        let bad = try await Self.run(["timeline", CatalogueFixture.repository.path, "--from", "14.01.2027", "--days", "1"])
        #expect(bad.status == 2 && bad.err.contains("is not a day (2027-01-14)"), "\(bad.err)")
        let skipped = try await Self.run(["timeline", CatalogueFixture.repository.path, "--from", "2027-03-28T02:30", "--days", "1"])
        #expect(skipped.status == 2 && skipped.err.contains("--from 2027-03-28T02:30 does not exist in Europe/Berlin"), "a wrong start, not a catalogue that does not load\n\(skipped.err)")
    }

    /// The preview says what it is of (instant in the catalogue's zone, audience, client,
    /// screen, experiment arm), lays the page out as the app does on that screen (the hero
    /// beside its text at 100 × 40), and shows the arm asked for.
    @Test func thePreviewSaysWhatItPreviewsAndShowsTheArmAskedFor() async throws {
        func preview(_ extra: [String]) async throws -> VitrineProcess.Result {
            try await Self.run(["preview", CatalogueFixture.repository.path, "--at", "2027-01-15T04:00:00Z", "--segment", "vip", "--locale", "en-US",
                                "--plain", "--width", "100"] + extra)
        }
        let a = try await preview([])
        let lines = a.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "the home page of \(CatalogueFixture.repository.path) at 2027-01-15T05:00:00+01:00 for vip in en-US, app 2.6.0, as on a screen of 100 × 40")
        #expect(lines.dropFirst().first == "experiment exp-hero-order: variant a (--variant exp-hero-order=b shows the other)")
        let hero = try #require(lines.firstIndex { $0.contains("VIP early access") })
        #expect(lines[hero].contains("┌"), "the hero's title beside its picture, as the app draws it\n\(a.out)")
        let b = try await preview(["--variant", "exp-hero-order=b"])
        #expect(b.out.contains("experiment exp-hero-order: variant b"))
        let bHero = b.out.split(separator: "\n").first { $0.contains("┌") && $0.contains("  ") && !$0.contains("─────────────────────────────────────────────────────────────────") }
        #expect(bHero?.contains("Flash deals") == true, "arm b leads with the sale ending soonest\n\(b.out)")
        let wrong = try await preview(["--variant", "exp-hero-order=z"])
        #expect(wrong.status == 2 && wrong.err.contains("the experiment's variants are a, b"))
        let twice = try await preview(["--variant", "exp-hero-order=a,exp-hero-order=b"])
        #expect(twice.status == 2 && twice.err.contains("names 'exp-hero-order' twice"), "\(twice.err)")
    }

    /// `--interactive` follows the files' edits without `r`, and the report printed once the
    /// app is quit is of the catalogue as last loaded and of the arm the app showed: one arm of
    /// each experiment, decided before anything is drawn, for the app's session and the report
    /// alike (arm a leads with the welcome campaign, by priority; b with the flash deals, which
    /// end soonest).
    @Test func theInteractivePreviewFollowsEditsAndReportsTheArmAndCatalogueItShowed() async throws {
        let fixture = try CatalogueFixture()
        defer { fixture.remove() }
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try TmuxSession(
            [TerminalSessionModeTests.executable, "catalogue", "preview", fixture.path, "--at", "2027-01-15T09:00:00+01:00", "--segment", "new",
             "--locale", "en-US", "--interactive"],
            width: 100, height: 30, environment: ["TERM": "xterm-256color"].merging(cache.environment) { $1 })
        defer { tmux.close() }
        let heroes = ["a": "Welcome to Vitrine", "b": "Flash deals"]
        /// The arm whose hero `rows` show first (the hero leads the page).
        func arm(_ rows: [String], titles: [String: String]) -> String? {
            rows.lazy.compactMap { row in titles.first { row.contains($0.value) }?.key }.first
        }
        #expect(await tmux.waitUntil { arm($0, titles: heroes) != nil }, "\(tmux.picture)")
        let shown = try #require(arm(tmux.screen(), titles: heroes))

        try fixture.replace("\"title\": \"Welcome to Vitrine\"", with: "\"title\": \"Edited welcome\"", in: "campaigns/cmp-welcome.json")
        try fixture.replace("\"title\": \"Flash deals\"", with: "\"title\": \"Edited flash\"", in: "campaigns/cmp-flash.json")
        let edited = ["a": "Edited welcome", "b": "Edited flash"]
        #expect(await tmux.waitUntil { arm($0, titles: edited) != nil }, "the edit shows without r\n\(tmux.picture)")
        #expect(arm(tmux.screen(), titles: edited) == shown, "the same arm\n\(tmux.picture)")

        try tmux.press("q")
        #expect(await tmux.waitFor("exit=0"), "\(tmux.picture)")
        let report = tmux.history()
        let start = try #require(report.lastIndex { $0.hasPrefix("the home page of ") }, "\(report.joined(separator: "\n"))")
        let printed = Array(report[start...])
        #expect(printed.contains { $0.hasPrefix("experiment exp-hero-order: variant \(shown) ") }, "the arm shown\n\(printed.joined(separator: "\n"))")
        #expect(arm(printed, titles: edited) == shown, "drawn as last loaded, the arm shown\n\(printed.joined(separator: "\n"))")
        #expect(!printed.contains { $0.contains("Welcome to Vitrine") || $0.contains("Flash deals") }, "no title of the files at start")
    }

    @Test func thePreviewShowsTheHomePageAtItsInstant() async throws {
        func preview(_ at: String, _ extra: [String] = []) async throws -> VitrineProcess.Result {
            try await Self.run(["preview", CatalogueFixture.repository.path, "--at", at, "--segment", "new", "--locale", "en-US", "--plain", "--width", "60"] + extra)
        }
        let during = try await preview("2027-01-15T05:00:00+01:00")
        #expect(during.status == 0, "\(during.err)")
        #expect(during.out.contains("Flash deals"))
        let after = try await preview("2027-01-15T11:00:00+01:00")
        #expect(!after.out.contains("Flash deals"), "the flash sale ends at 11:00")
        #expect(after.out.contains("\nlint\n  page home (request preview): "))
        #expect(after.out.contains(" 0 diagnostics"))

        let old = try await preview("2027-01-15T12:00:00+01:00", ["--app-version", "2.0.0"])
        #expect(old.out.contains("app 2.0.0 (this preview's client): campaigns: the fallback card of campaigns.cmp-live (needs app 2.6.0 and video)"))
        #expect(old.out.contains("app 1.0.0: ") && old.out.contains("no stories section (needs app 2.0.0)"))
        #expect(old.out.contains("app 2.6.0 with video: everything"))
    }

    @Test func aPreviewOfABrokenCatalogueSaysWhereAndExits1() async throws {
        let fixture = try CatalogueFixture()
        defer { fixture.remove() }
        try fixture.write("campaigns/cmp-winter.json", "{\"id\": \"cmp-winter\",")
        let result = try await Self.run(["preview", fixture.path, "--at", CatalogueFixture.fileAnchor, "--segment", "new", "--locale", "en-US", "--plain"])
        #expect(result.status == 1)
        #expect(result.err.contains("campaigns/cmp-winter.json:1: error: is not JSON"))
    }

    static func files(under root: URL) throws -> [String] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }
}
