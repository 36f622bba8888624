import FlowCore
import Foundation
import Testing
@testable import RetailKit

/// Two contexts that differ in any part never share a cache entry, whatever bytes the parts
/// hold, and the backend is one of the parts.
@Suite struct HomeCacheKeyTests {
    func profile(experiments: [String: String] = [:], capabilities: Set<String> = []) -> ClientProfile {
        ClientProfile(user: UserID("ada")!, appVersion: VitrineApp.version, capabilities: capabilities, experiments: experiments)
    }

    @Test(arguments: [
        ([#"a=b"#: "c"], ["a": #"b=c"#]),
        (["x": "1", "y": "2"], [#"x=1","y"#: "2"]),
        (["e": ""], [#"e="#: ""]),
    ])
    func experimentAssignmentsThatDifferNeverShareAKey(left: [String: String], right: [String: String]) {
        let a = HomeCacheKey(backend: HomeCacheTests.backend, profile: profile(experiments: left), pageID: "home")
        let b = HomeCacheKey(backend: HomeCacheTests.backend, profile: profile(experiments: right), pageID: "home")
        #expect(a != b)
        #expect(a.fileStem != b.fileStem)
    }

    @Test func aHitNeedsTheWholeKey() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try HomeCache(directory: directory.url)
        let pinned = HomeCacheKey(backend: HomeCacheTests.backend, profile: profile(experiments: ["hero=b": "x"]), pageID: "home")
        let other = HomeCacheKey(backend: HomeCacheTests.backend, profile: profile(experiments: ["hero": "b=x"]), pageID: "home")
        await cache.store(Data("pinned".utf8), etag: nil, ttl: 60, for: pinned)
        #expect(await cache.entry(for: other) == nil)
    }

    /// A page cached from one server with a week's `ttl` was shown as another server's home.
    @Test func pagesOfTwoBackendsNeverShareAnEntry() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try HomeCache(directory: directory.url)
        let first = HomeCacheTests.key(backend: BackendIdentity(origin: URL(string: "http://127.0.0.1:8080")!)!)
        let second = HomeCacheTests.key(backend: BackendIdentity(origin: URL(string: "http://127.0.0.1:8081")!)!)
        await cache.store(Data("first".utf8), etag: nil, ttl: 604_800, for: first)
        #expect(await cache.entry(for: second) == nil)
        #expect(await cache.entry(for: first)?.data == Data("first".utf8))
        #expect(first.fileStem != second.fileStem)
    }

    @Test(arguments: [
        ("http://Shop.Example:80/v1/home", "origin:http://shop.example:80"),
        ("http://shop.example/", "origin:http://shop.example:80"),
        ("HTTPS://shop.example", "origin:https://shop.example:443"),
        ("https://shop.example:8443/x?y", "origin:https://shop.example:8443"),
        ("http://[::1]:8080/", "origin:http://[::1]:8080"),
    ])
    func anOriginIsSchemeHostAndPortWrittenOut(url: String, identity: String) throws {
        #expect(try #require(BackendIdentity(origin: URL(string: url)!)).rawValue == identity)
    }

    @Test func onlyHTTPOriginsWithAHostAndPlainNamesAreIdentities() {
        #expect(BackendIdentity(origin: URL(string: "file:///etc/passwd")!) == nil)
        #expect(BackendIdentity(origin: URL(string: "ftp://shop.example")!) == nil)
        #expect(BackendIdentity(name: "../x") == nil)
        #expect(BackendIdentity(name: "embedded") == .embedded)
        #expect(BackendIdentity.embedded != BackendIdentity(origin: URL(string: "http://127.0.0.1:8080")!))
        #expect(BackendIdentity.embedded.directoryName.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || $0 == UInt8(ascii: "b") })
    }
}
