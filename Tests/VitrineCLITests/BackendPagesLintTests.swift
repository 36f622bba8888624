import FlowCore
import Foundation
import RetailBackend
import RetailKit
import Testing
import CommandLineSupport
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

    /// The app can perform every action the backend sends: each link opens a screen of the app
    /// (never "this link cannot be opened here"), and each page it names is one the backend composes.
    @Test func everyActionOnEveryPageOpensAScreenTheBackendServes() throws {
        let backend = try HomeBackend(configuration: .init())
        let variants = backend.pageVariants(at: Self.instant, allProductLocales: false)
        let served = Set(variants.map { variant -> String in
            let path = variant.request.prefix { $0 != "?" }
            return path == "/v1/home" ? "home" : String(path.dropFirst("/v1/pages/".count))
        })
        var destinations: [String: Destination] = [:]
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if let type = value["type"]?.stringValue {
                    if type == "deeplink", let url = value["url"]?.stringValue { destinations[url] = Destination.forDeeplink(url) }
                    if type == "open_page", let id = value["page_id"]?.stringValue { destinations["open_page " + id] = .page(PageID(id)) }
                }
                for member in members { collect(member.value) }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        for variant in variants { collect(try JSONParser.parse(variant.body)) }
        #expect(destinations.keys.contains { $0.hasPrefix("vitrine://story/") }, "stories are among the links")
        for (action, destination) in destinations {
            switch destination {
            case .link: Issue.record("\(action) opens no screen of the app")
            case .page(let id) where id.kind != .search: #expect(served.contains(id.rawValue), "\(action): the backend serves no \(id)")
            default: break
            }
        }
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
