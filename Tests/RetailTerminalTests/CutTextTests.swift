import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import TestSupport
import Testing
@testable import RetailTerminal

/// Nothing on screen is a piece of a word: a card peeking in at the screen's edge, a tile's
/// name under a narrow tile and the words beside a toast show whole or not at all.
@MainActor
@Suite struct CutTextTests {
    /// A carousel of product cards whose third card peeks in at the right edge.
    static func carousel(rating: Double = 4.9, subtitle: String = "Made in Portugal") -> Data {
        func card(_ id: String, _ title: String) -> String {
            #"{"type": "product_card", "id": "\#(id)", "data": {"product_id": "\#(id)", "title": "\#(title)", "subtitle": "\#(subtitle)", "price": {"amount": 57.99, "currency": "EUR"}, "availability": "available", "rating": \#(rating)}, "layout": {"width": 0.42, "corner_radius": 12}}"#
        }
        let widgets = [card("p1", "City sneaker Cora"), card("p2", "Rain coat Fjord"), card("p3", "Knit sweater Dune")].joined(separator: ", ")
        return Data(#"{"page": {"id": "home", "sections": [{"id": "s", "layout": {"arrangement": "carousel", "item_spacing": 8, "insets": {"left": 16, "right": 16}}, "widgets": [\#(widgets)]}]}}"#.utf8)
    }

    static func frame(_ document: Data, width: Int, locale: String = "en-US") async throws -> [String] {
        var frame = PageFrame(width: width, height: 30)
        frame.locale = locale
        return try await frame.lines(of: document, profile: .plain)
    }

    /// A rating at the edge is whole or gone: "★★★★" would read as four stars for a 4.9.
    @Test(arguments: Array(36...90))
    func aPeekingCardShowsItsRatingWholeOrNotAtAll(width: Int) async throws {
        for locale in ["en-US", "de-DE"] {
            let lines = try await Self.frame(Self.carousel(), width: width, locale: locale)
            for line in lines where line.contains("★") {
                let pieces = line.replacingOccurrences(of: "\u{A0}", with: " ").split(separator: " ").map(String.init)
                for (index, piece) in pieces.enumerated() where piece.contains("★") || piece.contains("☆") {
                    #expect(piece.count == 5, "width \(width) \(locale): stars cut: \(line)")
                    if index + 1 < pieces.count { #expect(pieces[index + 1].count == 3, "width \(width) \(locale): number cut: \(line)") }
                }
            }
        }
    }

    @Test func aPeekingCardNeverShowsAWordCutAtItsHyphen() async throws {
        var cut: [String] = []
        for width in 36...120 {
            let lines = try await Self.frame(Self.carousel(subtitle: "Water-resistant"), width: width)
            cut += lines.filter { $0.hasSuffix("Water-") || $0.hasSuffix("Water") }.map { "width \(width): \($0)" }
        }
        #expect(cut.isEmpty, "\(cut.prefix(3).joined(separator: "\n"))")
    }

    @Test(arguments: ["Electronics", "Électronique"])
    func aTilesNameIsNeverSplitInsideAWord(title: String) async throws {
        func tile(_ id: String, _ title: String) -> String {
            #"{"type": "category_tile", "id": "\#(id)", "data": {"category_id": "\#(id)", "title": "\#(title)", "image": {"url": "https://x/\#(id).jpg", "aspect_ratio": 1}}}"#
        }
        let widgets = [tile("a", "Beauty"), tile("b", "Sport"), tile("c", title)].joined(separator: ", ")
        let page = Data(#"{"page": {"id": "home", "sections": [{"id": "g", "layout": {"arrangement": "grid", "columns": 3, "item_spacing": 16, "insets": {"left": 16, "right": 16}}, "widgets": [\#(widgets)]}]}}"#.utf8)
        let lines = try await Self.frame(page, width: 40)
        let words = lines.flatMap { $0.split(separator: " ").map(String.init) }
        let shortened = String(title.prefix(7))
        #expect(words.contains { $0.hasPrefix(shortened) && $0.hasSuffix("…") } || words.contains(title), "\(lines.joined(separator: "\n"))")
        #expect(!words.contains { !$0.hasSuffix("…") && $0 != title && title.hasSuffix($0) }, "no tail of the name on a line of its own:\n\(lines.joined(separator: "\n"))")
    }

    /// The words beside a toast are whole: what the box covers of one takes the rest with it.
    @Test func theWordsBesideAToastAreWhole() throws {
        let environment = RenderEnvironment(isPlain: false, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry())
        let row = "  $91.99                             $72.99 $91.99                      $72.99"
        let surface = DrawSurface(width: 80, height: 3)
        let canvas = Canvas(surface: surface, rect: surface.buffer.bounds)
        canvas.put(row, x: 0, y: 2)
        let rect = ToastView(message: "Updated").draw(in: canvas, bottom: 2, environment: environment)
        let characters = Array(surface.buffer.plainLines[2])
        let left = String(characters[..<min(rect.x, characters.count)])
        let right = rect.maxX < characters.count ? String(characters[rect.maxX...]) : ""
        let whole = Set(row.split(separator: " ").map(String.init))
        let shown = (left + " " + right).split(separator: " ").map(String.init)
        #expect(shown.allSatisfy { whole.contains($0) }, "cut pieces beside the toast: \(String(characters))")
        #expect(left.hasSuffix(" ") && (right.isEmpty || right.hasPrefix(" ")), "a blank column on each side")
        #expect(shown.contains("$91.99"), "whole words beside it stay")
    }

    /// The blank columns beside a toast cut no word the box does not cover: "$91.99" ending
    /// just left of the box and "$72.99" starting just right of it show whole or not at all.
    @Test func theBlankColumnsBesideAToastCutNoWordTheBoxLeaves() throws {
        let environment = RenderEnvironment(isPlain: false, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry())
        var row = Array(repeating: Character(" "), count: 80)
        for (index, character) in "$91.99".enumerated() { row[28 + index] = character }
        for (index, character) in "$72.99".enumerated() { row[45 + index] = character }
        let surface = DrawSurface(width: 80, height: 3)
        let canvas = Canvas(surface: surface, rect: surface.buffer.bounds)
        canvas.put(String(row), x: 0, y: 2)
        let rect = ToastView(message: "Updated").draw(in: canvas, bottom: 2, environment: environment)
        #expect(rect.x == 34 && rect.maxX == 45, "the box this test is built around")
        let line = Array(surface.buffer.plainLines[2].padding(toLength: 80, withPad: " ", startingAt: 0))
        let shown = (String(line[..<rect.x]) + " " + String(line[rect.maxX...])).split(separator: " ").map(String.init)
        #expect(shown.allSatisfy { $0 == "$91.99" || $0 == "$72.99" }, "cut pieces beside the toast: \(String(line))")
    }

    /// A word of wide glyphs beside a toast shows whole or not at all ("東京" of "東京都" never).
    @Test func aWordOfWideGlyphsBesideAToastIsWholeOrGone() throws {
        let environment = RenderEnvironment(isPlain: false, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry())
        let surface = DrawSurface(width: 80, height: 3)
        let canvas = Canvas(surface: surface, rect: surface.buffer.bounds)
        canvas.put("東京都", x: 28, y: 2)
        let rect = ToastView(message: "Updated").draw(in: canvas, bottom: 2, environment: environment)
        let left = String(Array(surface.buffer.plainLines[2].padding(toLength: 80, withPad: " ", startingAt: 0))[..<rect.x]).trimmingCharacters(in: .whitespaces)
        #expect(left == "東京都" || left.isEmpty, "'\(left)'")
    }
}
