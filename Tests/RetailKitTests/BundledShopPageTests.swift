import FlowCore
import Foundation
import HTTPServer
import RetailBackend
import RetailContract
import Testing
import TestSupport
@testable import RetailKit

/// The bundled shop's pages are the backend's: for every page it lists, in every locale and
/// for every segment, the page the backend answers (or none where the backend refuses it),
/// and a locale the store does not sell in gets the first locale's, as from the backend.
@Suite(SharedBundledShop()) struct BundledShopPageTests {
    @Test func everyListedPageIsTheBackendsForEverySegment() throws {
        let fixture = try BundledShopFixture.current()
        let manifest = try JSONParser.parse(Data(contentsOf: fixture.directory.url.appendingPathComponent("shop.json")))
        var listed: [(id: String, locale: String)] = []
        var seen = Set<ExactString>()
        for entry in try #require(manifest["pages"]?.arrayValue) {
            let id = try #require(entry["id"]?.stringValue), locale = try #require(entry["locale"]?.stringValue)
            if seen.insert(ExactString(id + "|" + locale)).inserted { listed.append((id, locale)) }
        }
        #expect(listed.contains { $0.id.hasPrefix("campaign:") } && listed.contains { $0.id.hasPrefix("category:") })
        var differing: [String] = [], refusedButBundled: [String] = [], missing: [String] = []
        for (id, locale) in listed {
            for segment in Segment.allCases.map(\.rawValue) {
                let path = id == "home" ? "/v1/home" : "/v1/pages/" + URLEncoding.pathSegment(id)
                let served = fixture.get(path, locale: locale, segment: segment)
                let bundled = try? fixture.shop.page(id, locale: locale, segment: segment)
                guard served.status == 200 else {
                    if bundled != nil { refusedButBundled.append("\(id) \(locale) \(segment)") }
                    continue
                }
                guard let bundled else {
                    missing.append("\(id) \(locale) \(segment)")
                    continue
                }
                // The backend pages a page; the bundle holds it whole: its first sections are the served first page's.
                let servedSections = try #require(JSONParser.parse(served.body)["page"]?["sections"]?.arrayValue)
                let bundledSections = try #require(BundledShopTests.content(bundled)["page"]?["sections"]?.arrayValue)
                if Array(bundledSections.prefix(servedSections.count)) != servedSections { differing.append("\(id) \(locale) \(segment)") }
            }
        }
        #expect(refusedButBundled.isEmpty, "bundled for a segment the backend refuses: \(refusedButBundled.prefix(4))")
        #expect(missing.isEmpty, "served but not bundled: \(missing.prefix(4))")
        #expect(differing.isEmpty, "\(differing.count) differ from the backend's, e.g. \(differing.prefix(6))")
    }

    @Test(arguments: ["search:", "search:" + String(repeating: "a", count: RetailLimits.queryBytes + 1)])
    func searchPageIdsTheBackendRefusesAreRefused(id: String) throws {
        let fixture = try BundledShopFixture.current()
        let served = fixture.get("/v1/pages/" + URLEncoding.pathSegment(id), locale: "en-US")
        #expect(served.status == (id.utf8.count == 7 ? 404 : 400))
        #expect {
            _ = try fixture.shop.page(id, locale: "en-US", segment: "returning")
        } throws: { error in
            guard case .status(let status, _, _, _)? = error as? HomeAPIError else { return false }
            return status == served.status
        }
    }

    @Test func aLocaleTheStoreDoesNotSellInGetsTheFirstLocalesPages() throws {
        let instant = BundledShopTests.instant
        let catalogueDirectory = try TemporaryDirectory(), shopDirectory = try TemporaryDirectory()
        defer { catalogueDirectory.remove(); shopDirectory.remove() }
        try CatalogueTools.exportDemo(to: catalogueDirectory.url, anchor: instant)
        let settings = catalogueDirectory.url.appendingPathComponent("catalogue.json")
        let text = String(decoding: try Data(contentsOf: settings), as: UTF8.self)
        #expect(text.contains(#"["en-US", "de-DE", "fr-FR"]"#))
        try Data(text.replacingOccurrences(of: #"["en-US", "de-DE", "fr-FR"]"#, with: #"["en-US"]"#).utf8).write(to: settings)
        var configuration = HomeBackend.Configuration()
        configuration.now = { instant }
        configuration.catalogue = .directory(catalogueDirectory.url)
        configuration.catalogue.pollInterval = nil
        let backend = try HomeBackend(configuration: configuration)
        for file in backend.shopBundle(at: instant, appVersion: VitrineApp.version, capabilities: VitrineApp.capabilities).files {
            let url = shopDirectory.url.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.bytes.write(to: url)
        }
        let shop = try BundledShop(directory: shopDirectory.url)
        #expect(try shop.page("home", locale: "de-DE", segment: "new") == shop.page("home", locale: "en-US", segment: "new"))
        #expect(try shop.page("product:p-1001", locale: "fr-FR", segment: "new") == shop.page("product:p-1001", locale: "en-US", segment: "new"))
    }

    @Test func aFileReachedThroughASymbolicLinkIsNotRead() throws {
        let directory = try TemporaryDirectory(), outside = try TemporaryDirectory()
        defer { directory.remove(); outside.remove() }
        try Data("SECRET".utf8).write(to: outside.url.appendingPathComponent("secret.jpg"))
        let files = FileManager.default
        try files.createDirectory(at: directory.url.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data("PLAIN".utf8).write(to: directory.url.appendingPathComponent("images/plain.jpg"))
        try files.createSymbolicLink(at: directory.url.appendingPathComponent("images/p.jpg"), withDestinationURL: outside.url.appendingPathComponent("secret.jpg"))
        try files.createSymbolicLink(at: directory.url.appendingPathComponent("linked"), withDestinationURL: outside.url)
        let manifest = #"""
            {"format":1,"instant":"2026-12-01T10:00:00Z","pages":[{"id":"home","locale":"en-US","file":"home.json"}],
             "images":[{"path":"/v1/images/p.jpg","file":"images/p.jpg"},{"path":"/v1/images/q.jpg","file":"linked/secret.jpg"},
                       {"path":"/v1/images/plain.jpg","file":"images/plain.jpg"}],
             "catalogues":{"en-US":"c.json"}}
            """#
        try Data(manifest.utf8).write(to: directory.url.appendingPathComponent("shop.json"))
        let shop = try BundledShop(directory: directory.url)
        #expect(shop.image(path: "/v1/images/plain.jpg") == Data("PLAIN".utf8))
        #expect(shop.image(path: "/v1/images/p.jpg") == nil)
        #expect(shop.image(path: "/v1/images/q.jpg") == nil)
    }
}
