import CommandLineSupport
import FlowCore
import FlowTerminal
import RetailBackend
import Foundation
import Testing
import TestSupport
@testable import VitrineCLI

/// `vitrine report campaigns|events` on a store a `vitrine serve` filled: the merchandiser's
/// table, safe to print whatever clients sent; the JSON; the refusals.
@Suite struct ReportCommandTests {
    func report(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let captured = CapturedConsole()
        let status = await CommandLineTool.run(["report"] + arguments, console: captured.console)
        return (status, captured.out, captured.err)
    }

    @Test func theTableReadsAsAReportAndPrintsWhatClientsSentSafely() async throws {
        let data = try ScratchDirectory("report-table")
        let server = try await ServeProcess.start(["--data", data.url.path, "--now", "2031-04-01T09:00:00Z"])
        let client = server.client()
        let token = try await client.startSession()
        let hostile = #"cmp-\u001b]0;owned\u0007\u001b[2Jx"#
        var events: [String] = []
        for index in 0..<40 {
            let campaign = index % 2 == 0 ? "cmp-winter" : hostile
            events.append(#"{"event_id":"i\#(index)","name":"impression","campaign_id":"\#(campaign)","section_id":"hero","experiment_id":"exp","experiment_variant":"\#(index % 4 < 2 ? "a" : "b")"}"#)
            if index % 5 == 0 {
                events.append(#"{"event_id":"t\#(index)","name":"tap","campaign_id":"\#(campaign)","section_id":"hero","experiment_id":"exp","experiment_variant":"\#(index % 4 < 2 ? "a" : "b")"}"#)
            }
        }
        events.append(#"{"event_id":"p1","name":"contract_problem","page_id":"home","section_id":"s\u001b[1m","widget_type":"hero_campaign","kind":"missing_field","app_version":"2.0.0"}"#)
        let answer = try await client.send("POST", "/v1/events", headers: ["Authorization": "Bearer \(token)"],
                                           body: #"{"events":["# + events.joined(separator: ",") + "]}")
        #expect(answer.status == 200)
        let period = ["--from", "2031-04-01T00:00:00Z", "--to", "2031-04-02T00:00:00Z"]
        // While the server runs, what it wrote may be in the write-ahead log alone: read too.
        let live = await report(["events", "--data", data.url.path, "--format", "jsonl"] + period)
        #expect(live.status == 0 && live.out.split(separator: "\n").count == events.count, "\(live.err)")
        #expect(await server.stop() == 0)

        let table = await report(["campaigns", "--data", data.url.path] + period)
        #expect(table.status == 0, "\(table.err)")
        #expect(!table.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "nothing a terminal would obey")
        #expect(table.out.contains(#"cmp-\u{1B}]0;owned\u{7}\u{1B}[2Jx"#), "the campaign is shown, escaped")
        let lines = table.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Campaigns, 2031-04-01T00:00:00Z to 2031-04-02T00:00:00Z")
        let header = try #require(lines.first { $0.contains("impressions") })
        let winter = try #require(lines.first { $0.hasPrefix("  cmp-winter") && $0.contains("exp: a") })
        // Numbers end under the end of their heading.
        let end = header.range(of: "impressions").map { header.distance(from: header.startIndex, to: $0.upperBound) }
        let value = winter.range(of: " 10 ").map { winter.distance(from: winter.startIndex, to: $0.upperBound) - 1 }
        #expect(end != nil && end == value, "\(header)\n\(winter)")
        #expect(lines.contains { $0.contains("Experiments") } && lines.contains { $0.contains("Contract problems") })
        #expect(lines.contains { $0.contains("missing_field") && $0.contains("2.0.0") })

        // In a terminal narrower than the table, each row is a record, and no line wraps.
        let results = try EventReports.campaigns(in: .sqlite(directory: data.url), from: try #require(RFC3339.date(from: period[1])),
                                                 to: try #require(RFC3339.date(from: period[3])))
        for width in [40, 80] {
            let narrow = CampaignTable.text(results, width: width).split(separator: "\n").map(String.init)
            #expect(narrow.allSatisfy { DisplayWidth.of($0) <= width }, "\(narrow.filter { DisplayWidth.of($0) > width })")
            #expect(narrow.contains("  cmp-winter · hero · exp: a") && narrow.contains { $0.contains("impressions 10 · shoppers 1") })
        }
        #expect(CampaignTable.text(results, width: 200) == CampaignTable.text(results), "a table that fits stays a table")

        let json = await report(["campaigns", "--data", data.url.path, "--json"] + period)
        let parsed = try JSONParser.parse(json.out)
        #expect(parsed["campaigns"]?.arrayValue?.count == 4)
        #expect(parsed["contract_problems"]?.arrayValue?.first?["count"] == 1)

        let empty = await report(["campaigns", "--data", data.url.path, "--from", "2031-05-01T00:00:00Z", "--to", "2031-05-02T00:00:00Z"])
        #expect(empty.status == 0 && empty.out.contains("No campaign was seen in this period."))
    }

    @Test func refusalsSayWhatIsWrong() async throws {
        let missing = try ScratchDirectory("report-missing")
        let none = await report(["campaigns", "--data", missing.url.path])
        #expect(none.status == 1 && none.err.contains("no store in"), "\(none.err)")
        let both = await report(["campaigns", "--data", missing.url.path, "--database", "postgresql://x@/y"])
        #expect(both.status == 2 && both.err.contains("give one"))
        let backwards = await report(["campaigns", "--data", missing.url.path, "--from", "2031-05-02T00:00:00Z", "--to", "2031-05-01T00:00:00Z"])
        #expect(backwards.status == 2 && backwards.err.contains("--from is after --to"))
        #expect(await report(["events", "--data", missing.url.path]).status == 2, "--format is required")
        #expect(await report(["events", "--data", missing.url.path, "--format", "csv"]).err.contains("jsonl"))
        #expect(await report(["bogus"]).status == 2)
        let help = await report(["--help"])
        #expect(help.status == 0 && help.out.contains("vitrine report campaigns") && help.out.contains("vitrine report events"))
    }
}
