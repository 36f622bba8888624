import FlowCore
import Foundation
import RetailBackend
import Testing
@testable import VitrineCLI

/// Every page the backend composes passes `vitrine lint` with no diagnostics, for the client
/// it was composed for; with a fault profile, only the diagnostics the profile asks for.
@Suite struct BackendPagesLintTests {
    static let instant = Date(timeIntervalSince1970: 1_798_000_000)

    func lint(_ body: Data, appVersion: String, capabilities: [String]) throws -> (status: Int32, report: JSONValue) {
        let captured = CapturedConsole()
        var options = LintCommand.Options(file: "-")
        options.client = ClientContext(appVersion: try #require(AppVersion(appVersion)), capabilities: Set(capabilities))
        options.now = Self.instant
        options.json = true
        let status = LintCommand.lint(body, options: options, console: captured.console)
        return (status, try JSONParser.parse(captured.out))
    }

    @Test func everyComposedPageLintsClean() throws {
        let backend = try HomeBackend(configuration: .init())
        let variants = backend.pageVariants(at: Self.instant, allProductLocales: true)
        #expect(variants.count > 100)
        var widgets = 0
        for variant in variants {
            let (status, report) = try lint(variant.body, appVersion: variant.appVersion, capabilities: variant.capabilities)
            #expect(status == 0, "\(variant.request)")
            #expect(report["diagnostics"] == [], "\(variant.request): \(report["diagnostics"] ?? nil)")
            for section in report["sections"]?.arrayValue ?? [] {
                #expect(section["status"] == "ok", "\(variant.request): section \(section["id"] ?? nil)")
                widgets += section["widgets"]?.arrayValue?.count ?? 0
            }
        }
        #expect(widgets > 1000)
    }

    @Test func aFaultProfileAddsOnlyTheDiagnosticsItAsksFor() throws {
        let backend = try HomeBackend(configuration: .init(faults: "malformed_section,unknown_section"))
        let home = try #require(backend.pageVariants(at: Self.instant).first { $0.request.hasPrefix("/v1/home") })
        let (status, report) = try lint(home.body, appVersion: home.appVersion, capabilities: home.capabilities)
        #expect(status == 0)
        let kinds = Set((report["diagnostics"]?.arrayValue ?? []).compactMap { $0["kind"]?.stringValue })
        #expect(kinds == ["malformed_payload", "unknown_type"])
    }
}
