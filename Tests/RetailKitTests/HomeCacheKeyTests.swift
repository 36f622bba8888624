import FlowCore
import Foundation
import Testing
@testable import RetailKit

/// Two contexts that differ in any part never share a cache entry, whatever bytes the parts hold.
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
        let a = HomeCacheKey(profile: profile(experiments: left), pageID: "home")
        let b = HomeCacheKey(profile: profile(experiments: right), pageID: "home")
        #expect(a != b)
        #expect(a.fileStem != b.fileStem)
    }

    @Test func aHitNeedsTheWholeKey() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = try HomeCache(directory: directory.url)
        let pinned = HomeCacheKey(profile: profile(experiments: ["hero=b": "x"]), pageID: "home")
        let other = HomeCacheKey(profile: profile(experiments: ["hero": "b=x"]), pageID: "home")
        await cache.store(Data("pinned".utf8), etag: nil, ttl: 60, for: pinned)
        #expect(await cache.entry(for: other) == nil)
    }
}
