import FlowCore
import FlowTerminal
import Foundation
import RetailBackend
import Testing
@testable import VitrineCLI

/// `vitrine render --plain` of every Flow-UI peer payload and of the backend's home page, at 40,
/// 80 and 120 columns, against the golden screens in `Tests/Fixtures/render/`. Run with
/// `VITRINE_UPDATE_GOLDENS=1` to write them again (and read the diff before committing).
@Suite struct RenderSnapshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Fixtures/flowui")
    static let goldens = root.appendingPathComponent("Fixtures/render")
    /// The instant every snapshot is drawn at (countdowns, expiry), and the backend composes at.
    static let instant = Date(timeIntervalSince1970: 1_798_000_000)
    static let screens = [(width: 40, height: 30), (width: 80, height: 40), (width: 120, height: 50)]

    static var fixtureNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func backendHome() throws -> Data {
        var configuration = HomeBackend.Configuration()
        configuration.anchor = instant
        configuration.now = { instant }
        let backend = try HomeBackend(configuration: configuration)
        let home = try #require(backend.pageVariants(at: instant).first {
            $0.request.hasPrefix("/v1/home?locale=en-US&appVersion=2.6.0&userSegment=returning&capabilities=&")
        })
        return home.body
    }

    /// A grid's rows never touch: the last line of a card (its "-20 %" badge) has a blank row
    /// below it before the next row's pictures.
    @Test func aProductGridsRowsAreARowApart() async throws {
        var configuration = HomeBackend.Configuration()
        configuration.anchor = Self.instant
        configuration.now = { Self.instant }
        let backend = try HomeBackend(configuration: configuration)
        let page = try #require(backend.pageVariants(at: Self.instant).first { $0.request.hasPrefix("/v1/pages/category:shoes?locale=en-US") })
        let lines = try await Self.render(page.body, width: 100, height: 60).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let frames = lines.indices.filter { lines[$0].contains("┌") }
        #expect(frames.count >= 4, "two rows of pictures at least\n\(lines.joined(separator: "\n"))")
        for index in frames.dropFirst() where !lines[index - 1].contains("┘") {
            let above = lines[index - 1]
            #expect(above.trimmingCharacters(in: .whitespaces).isEmpty, "the row above a picture row is blank\n\(lines.joined(separator: "\n"))")
        }
    }

    static func render(_ data: Data, width: Int, height: Int, scroll: Int = 0) async throws -> String {
        var options = RenderCommand.Options()
        options.width = width
        options.height = height
        options.scroll = scroll
        options.plain = true
        return try await options.frame.lines(of: data, profile: .plain, now: instant).joined(separator: "\n") + "\n"
    }

    static func check(_ screen: String, golden name: String, width: Int) throws {
        for line in screen.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(DisplayWidth.of(line) <= width, "\(name): a line is wider than \(width): \(line)")
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(name): a control character")
        }
        let file = goldens.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["VITRINE_UPDATE_GOLDENS"] == "1" {
            try screen.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        let got = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let want = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(screen == golden, "\(name) differs from its golden at line \(first?.offset ?? min(got.count, want.count)):\n got: \(first?.element.0 ?? "")\nwant: \(first?.element.1 ?? "")")
    }

    @Test(arguments: fixtureNames)
    func peerFixtureMatchesItsGoldenScreens(name: String) async throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("\(name).json"))
        for screen in Self.screens {
            let text = try await Self.render(data, width: screen.width, height: screen.height)
            try Self.check(text, golden: "flowui-\(name)-\(screen.width)", width: screen.width)
        }
    }

    @Test func backendHomePageMatchesItsGoldenScreens() async throws {
        let data = try Self.backendHome()
        for screen in Self.screens {
            let text = try await Self.render(data, width: screen.width, height: screen.height)
            try Self.check(text, golden: "backend-home-\(screen.width)", width: screen.width)
        }
        let scrolled = try await Self.render(data, width: 80, height: 40, scroll: 40)
        try Self.check(scrolled, golden: "backend-home-80-scroll-40", width: 80)
    }

    @Test func exampleHomePageMatchesItsGoldenScreens() async throws {
        let data = try Data(contentsOf: Self.root.deletingLastPathComponent().appendingPathComponent("Examples/home.json"))
        for screen in Self.screens {
            let text = try await Self.render(data, width: screen.width, height: screen.height)
            try Self.check(text, golden: "example-home-\(screen.width)", width: screen.width)
        }
    }
}
