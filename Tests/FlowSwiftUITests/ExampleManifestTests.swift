import Foundation
import RetailKit
import Testing

/// What the example app's manifest promises, read as text: Linux cannot evaluate it (it imports
/// `AppleProductTypes`, which only Xcode and Swift Playgrounds have), so each promise is checked
/// against the root package and the app's own rules here.
@Suite struct ExampleManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let example = root.appendingPathComponent("Examples/VitrineShop.swiftpm")

    static func text(_ path: URL) throws -> String {
        String(decoding: try Data(contentsOf: path), as: UTF8.self)
    }

    @Test func theAppNeedsTheToolchainAndPlatformThePackageDoes() throws {
        let manifest = try Self.text(Self.example.appendingPathComponent("Package.swift"))
        let rootManifest = try Self.text(Self.root.appendingPathComponent("Package.swift"))
        let firstLine = { (text: String) in text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? "" }
        #expect(firstLine(manifest) == firstLine(rootManifest), "one tools version")
        #expect(rootManifest.contains(".iOS(.v18)") && manifest.contains(#".iOS("18.0")"#), "one deployment target")
        #expect(manifest.contains("swiftLanguageModes: [.v6]"), "the app builds in Swift 6 mode")
    }

    @Test func theAppCarriesTheDemoShopItOpensOn() throws {
        let manifest = try Self.text(Self.example.appendingPathComponent("Package.swift"))
        let rootManifest = try Self.text(Self.root.appendingPathComponent("Package.swift"))
        let resource = #".copy("Resources/DemoShop")"#
        #expect(manifest.contains(resource) && rootManifest.contains(resource), "both builds of App/ bundle the demo shop")
        #expect(FileManager.default.fileExists(atPath: Self.example.appendingPathComponent("App/Resources/DemoShop/shop.json").path))
    }

    @Test func theAppMayReachALocalBackendOverPlainHTTP() throws {
        let manifest = try Self.text(Self.example.appendingPathComponent("Package.swift"))
        #expect(manifest.contains(".appTransportSecurity(configuration: .init(allowsLocalNetworking: true))"))
        #expect(manifest.contains(".localNetwork(purposeString: \""))
    }

    @Test func theSchemeTheAppRegistersIsTheOneItsLinksAllow() throws {
        let manifest = try Self.text(Self.example.appendingPathComponent("Package.swift"))
        let file = try #require(manifest.components(separatedBy: #"additionalInfoPlistContentFilePath: ""#).dropFirst().first?.split(separator: "\"").first)
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: Self.example.appendingPathComponent(String(file))), format: nil)
        let types = try #require((plist as? [String: Any])?["CFBundleURLTypes"] as? [[String: Any]])
        let schemes = types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }
        #expect(schemes == ["vitrine"])
        for scheme in schemes {
            #expect(VitrineApp.deeplinks.refusal(for: "\(scheme)://product/p-1001") == nil, "a link of the registered scheme is one the app follows")
        }
    }
}
