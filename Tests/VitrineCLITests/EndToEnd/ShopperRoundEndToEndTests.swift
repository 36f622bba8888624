import FlowCore
import Foundation
import RetailKit
import RetailPresentation
import Testing

/// What a shopper meets in an afternoon with the app, in tmux against the embedded backend:
/// pictures kept across launches and shown offline, a sale clock that holds across a relaunch,
/// search that starts empty, an add from the product page confirmed on the page, and variants
/// reached by `j`/`l` and Tab as the help says.
@Suite(.serialized) struct ShopperRoundEndToEndTests {
    static let user = "e2e-round"

    static func start(_ arguments: [String] = [], cache: AppEndToEndTests.CacheDirectory, color: Bool = false) throws -> TmuxSession {
        var environment = ["TERM": "xterm-256color"].merging(cache.environment) { $1 }
        if !color { environment["NO_COLOR"] = "1" }
        return try TmuxSession([TerminalSessionModeTests.executable, "app", "--user", user] + arguments, width: 100, height: 32, environment: environment)
    }

    /// The keys of the picture files the app keeps for the shopper and the embedded backend:
    /// each file starts with "VTDC", its key's length (4 bytes, big-endian) and its key.
    static func pictureKeys(_ cache: AppEndToEndTests.CacheDirectory) -> [String] {
        let directory = cache.url.appendingPathComponent("vitrine/users/u-\(user)/\(BackendIdentity.embedded.directoryName)/images")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path), data.count > 8 else { return nil }
            let bytes = [UInt8](data)
            let length = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
            guard bytes.count >= 8 + length else { return nil }
            return String(decoding: bytes[8..<(8 + length)], as: UTF8.self)
        }
    }

    /// The seconds a countdown on screen says ("Ends in 1:59:41"), when one shows.
    static func countdown(_ screen: [String]) -> Int? {
        for line in screen {
            guard let match = line.firstMatch(of: /Ends in (\d+):(\d\d):(\d\d)/) else { continue }
            return Int(match.output.1)! * 3600 + Int(match.output.2)! * 60 + Int(match.output.3)!
        }
        return nil
    }

    @Test func picturesAreKeptOnceAcrossLaunchesAndShownOffline() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        // Two launches, each on another port: a picture drawn in both is one file, kept under
        // its path, whatever the port (the whole URL kept it twice, once a launch).
        for _ in 0..<2 {
            let launch = try Self.start(cache: cache, color: true)
            #expect(await launch.waitUntil { $0.contains { $0.contains("▀") } }, "a picture is drawn\n\(launch.picture)")
            await AppEndToEndTests.quit(launch)
            launch.close()
        }
        let keys = Self.pictureKeys(cache)
        #expect(!keys.isEmpty)
        #expect(Set(keys).count == keys.count, "one file a picture: \(keys.sorted())")
        #expect(keys.allSatisfy { $0.hasPrefix("backend:\(VitrineApp.version):/v1/images/") }, "named by version and path, never by port: \(keys.sorted())")

        let offline = try Self.start(["--faults", "error=503"], cache: cache, color: true)
        defer { offline.close() }
        #expect(await offline.waitUntil { $0.contains { $0.contains("▀") } }, "the saved page with its pictures, from disk\n\(offline.picture)")
        await AppEndToEndTests.quit(offline)
    }

    @Test func aSalesClockHoldsAcrossARelaunch() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        let first = try Self.start(["--open", "vitrine://campaign/cmp-flash"], cache: cache)
        #expect(await first.waitUntil { Self.countdown($0) != nil }, "\(first.picture)")
        let before = try #require(Self.countdown(first.screen()))
        await AppEndToEndTests.quit(first)
        first.close()
        let second = try Self.start(["--open", "vitrine://campaign/cmp-flash"], cache: cache)
        defer { second.close() }
        #expect(await second.waitUntil { Self.countdown($0) != nil }, "\(second.picture)")
        let after = try #require(Self.countdown(second.screen()))
        #expect(after <= before, "the sale ends at the same instant: its clock went on, never back (\(before) s, then \(after) s)")
        await AppEndToEndTests.quit(second)
    }

    @Test func searchOpenedAgainStartsEmpty() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor(" Home"), "\(tmux.picture)")
        try tmux.press("/")
        #expect(await tmux.waitFor("Esc back"), "\(tmux.picture)")
        try tmux.type("xyzzy")
        #expect(await tmux.waitFor("xyzzy"), "\(tmux.picture)")
        try tmux.press("Escape")
        #expect(await tmux.waitUntil { !$0.contains { $0.contains("xyzzy") } }, "\(tmux.picture)")
        try tmux.press("/")
        #expect(await tmux.waitFor("Esc back"), "\(tmux.picture)")
        try tmux.type("leder")
        #expect(await tmux.waitFor("leder"), "\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("xyzzy") }, "a new search, not the last one's letters\n\(tmux.picture)")
        try tmux.press("Escape")
        #expect(await tmux.waitFor(" Home"), "\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }

    @Test func anAddFromTheProductPageIsConfirmedThereAndThePickStartsAgain() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(["--open", "vitrine://product/p-1002"], cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("Add to cart"), "\(tmux.picture)")
        #expect(await tmux.waitFor("− 1 +"), "\(tmux.picture)")
        try tmux.press("+")
        #expect(await tmux.waitFor("− 2 +"), "\(tmux.picture)")
        try tmux.press("+")
        #expect(await tmux.waitFor("− 3 +"), "\(tmux.picture)")
        try tmux.press("a")
        #expect(await tmux.waitFor("✓ 3 in cart"), "the page says what the cart holds\n\(tmux.picture)")
        #expect(await tmux.waitFor("− 1 +"), "the quantity picked is spent\n\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }

    @Test func variantsAreReachedByTheKeysTheHelpNames() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        let tmux = try Self.start(["--open", "vitrine://product/p-1002"], cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("Add to cart"), "\(tmux.picture)")
        try tmux.press("?")
        #expect(await tmux.waitFor("Tab ⇧Tab"), "the help names Tab\n\(tmux.picture)")
        try tmux.press("Escape")
        #expect(await tmux.waitUntil { !$0.contains { $0.contains("Tab ⇧Tab") } })
        // Tab reaches the first option, Enter opens that model in this page's place.
        try tmux.press("Tab")
        _ = await tmux.settledScreen()
        try tmux.press("Enter")
        #expect(await tmux.waitUntil { $0.first?.contains("Trail runner Alto") == true }, "\(tmux.picture)")
        // j reaches the options' row, l goes along it, Enter opens another model.
        try tmux.press("j")
        _ = await tmux.settledScreen()
        try tmux.press("l")
        _ = await tmux.settledScreen()
        try tmux.press("Enter")
        #expect(await tmux.waitUntil { screen in
            guard let title = screen.first else { return false }
            return title.contains("Trail runner") && !title.contains("Trail runner Alto")
        }, "\(tmux.picture)")
        await AppEndToEndTests.quit(tmux)
    }
}
