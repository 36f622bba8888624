import Foundation
import Testing
@testable import RetailPresentation

/// What the layers promise of their sources (issue 28): no renderer, data-layer or engine
/// module holds a word of German or French (they name keys; the words are the catalogue's, in
/// RetailPresentation), and the retail renderers decide nothing from the stores: they read
/// RetailPresentation's models and send its intents.
@Suite struct ModuleBoundaryTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The renderers, the data layer and the engine's presentation.
    static let wordless = ["RetailKit", "RetailTerminal", "RetailSwiftUI", "FlowPresentation", "FlowTerminal", "FlowSwiftUI", "FlowRuntime", "FlowCore"]
    /// The retail renderers.
    static let renderers = ["RetailTerminal", "RetailSwiftUI"]

    /// Every Swift file of `module` with its text.
    static func files(of module: String) throws -> [(name: String, text: String)] {
        let root = sources.appendingPathComponent(module)
        let urls = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(!urls.isEmpty, "\(module) has sources")
        return try urls.map { ("\(module)/\($0.lastPathComponent)", try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// The string literals of `text`, single-line ones (`"…"`, escapes kept as they are).
    static func literals(_ text: String) -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            var inside = false
            var escaped = false
            var current = ""
            for character in code {
                if inside {
                    if escaped {
                        escaped = false
                        current.append(character)
                    } else if character == "\\" {
                        escaped = true
                        current.append(character)
                    } else if character == "\"" {
                        found.append(current)
                        current = ""
                        inside = false
                    } else {
                        current.append(character)
                    }
                } else if character == "\"" {
                    inside = true
                }
            }
        }
        return found
    }

    /// Letters German and French write and English does not.
    static let foreignLetters = Set("äöüÄÖÜßéèêëàâçôûùîïÿœæÉÈÊÀÇÔ«»")

    /// Every German and French phrase of the catalogue that is not the English one too, with
    /// its placeholders taken out: a literal that is one (in any case), or holds one of two
    /// words or more, holds the catalogue's words.
    static let foreignPhrases: [String] = {
        let english = Set((Array(WordTable.english.words.values) + Array(WordTable.english.engine.values)).flatMap(fragments))
        let others = [WordTable.german, WordTable.french].flatMap { Array($0.words.values) + Array($0.engine.values) }.flatMap(fragments)
        // A phrase of one short word ("plus", "code") is too often an English word or a name.
        return Array(Set(others.filter { !english.contains($0) && $0.unicodeScalars.count >= ($0.contains(" ") ? 4 : 5) }))
    }()

    /// The pieces of a phrase between its placeholders, trimmed and lowercased.
    static func fragments(_ phrase: String) -> [String] {
        var pieces: [String] = []
        var rest = Substring(phrase)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pieces.append(String(rest[..<open]))
            rest = rest[rest.index(after: close)...]
        }
        pieces.append(String(rest))
        return pieces.map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).lowercased() }.filter { !$0.isEmpty }
    }

    /// Whether `literal` is a phrase of the catalogue's German or French, or holds one of
    /// several words.
    static func holdsForeignPhrase(_ literal: String) -> String? {
        let text = literal.lowercased()
        return foreignPhrases.first { phrase in text == phrase || (phrase.contains(" ") && text.contains(phrase)) }
    }

    @Test func noRendererDataLayerOrEngineModuleHoldsAGermanOrFrenchWord() throws {
        for module in Self.wordless {
            for file in try Self.files(of: module) {
                for literal in Self.literals(file.text) {
                    let letters = literal.filter { Self.foreignLetters.contains($0) }
                    #expect(letters.isEmpty, "\(file.name) holds \"\(literal)\"")
                    let phrase = Self.holdsForeignPhrase(literal)
                    #expect(phrase == nil, "\(file.name) holds \"\(literal)\" (\(phrase ?? ""))")
                }
            }
        }
    }

    /// The scan finds what it looks for: a literal of the catalogue's German and one with a
    /// French letter are findings; English and code are not.
    @Test func theScanFindsAForeignWordAndPassesEnglish() {
        #expect(Self.literals(#"let a = "Warenkorb" + "x\"y" // "Panier""#) == ["Warenkorb", #"x\"y"#])
        #expect(Self.holdsForeignPhrase("Warenkorb") != nil)
        #expect(Self.holdsForeignPhrase("Erneut versuchen, bitte") != nil)
        #expect(Self.holdsForeignPhrase("Your cart is empty") == nil)
        #expect(Self.holdsForeignPhrase("application/json") == nil)
        #expect("Épuisé".contains { Self.foreignLetters.contains($0) })
    }

    @Test func theRetailRenderersReadModelsNotStores() throws {
        // The stores, a page store's own state, and the composition's stores by name.
        let stores = [#/\bCartStore\b/#, #/\bSearchSuggestions\b/#, #/\bPageLoadState\b/#, #/\blastLoadError\b/#, #/\bstore\.state\b/#,
                      #/\bcomposition\.cart\b/#, #/\bcomposition\.search\b/#]
        for module in Self.renderers {
            for file in try Self.files(of: module) {
                let code = file.text.split(separator: "\n").map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
                for (index, store) in stores.enumerated() {
                    #expect(!code.contains { $0.contains(store) }, "\(file.name) reads store \(index)")
                }
            }
        }
    }
}
