import Foundation
import Testing
@testable import RetailPresentation

/// What the layers promise of their sources: no renderer, data-layer or engine module holds a word
/// of German or French (they name keys; the words are the catalogue's, in RetailPresentation), and
/// the retail renderers decide nothing from the stores: they read RetailPresentation's models and
/// send its intents.
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

    /// Where the scanner is in Swift source: code (its parentheses' depth, for the end of an
    /// interpolation), or a string literal (its `#`s, whether it is multi-line, its text so far).
    enum LexMode {
        case code(depth: Int)
        case string(hashes: Int, multiline: Bool, text: String)
    }

    /// The string literals of `text` as Swift reads them: plain, raw (`#"…"#`) and multi-line
    /// (`"""`) ones, escapes decoded (`\u{FC}` is "ü"), an interpolation's code read as code
    /// (its own literals found too), comments skipped, and `//` inside a string kept as text.
    static func literals(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        func at(_ index: Int) -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        func hashes(from index: Int) -> Int {
            var count = 0
            while at(index + count) == "#" { count += 1 }
            return count
        }
        var found: [String] = []
        var stack: [LexMode] = [.code(depth: 0)]
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch stack[stack.count - 1] {
            case .code(let depth):
                if scalar == "/", at(index + 1) == "/" {
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                    continue
                }
                if scalar == "/", at(index + 1) == "*" {
                    index += 2
                    while index < scalars.count, !(scalars[index] == "*" && at(index + 1) == "/") { index += 1 }
                    index += 2
                    continue
                }
                let count = hashes(from: index)
                if at(index + count) == "\"" {
                    let multiline = at(index + count + 1) == "\"" && at(index + count + 2) == "\""
                    stack.append(.string(hashes: count, multiline: multiline, text: ""))
                    index += count + (multiline ? 3 : 1)
                    continue
                }
                if scalar == "(" { stack[stack.count - 1] = .code(depth: depth + 1) }
                if scalar == ")" {
                    if depth == 0, stack.count > 1 {
                        stack.removeLast()
                        index += 1
                        continue
                    }
                    stack[stack.count - 1] = .code(depth: max(0, depth - 1))
                }
                index += max(1, count)
            case .string(let count, let multiline, var literal):
                let closes = multiline ? at(index + 1) == "\"" && at(index + 2) == "\"" : true
                if scalar == "\"", closes, hashes(from: index + (multiline ? 3 : 1)) >= count {
                    found.append(literal)
                    stack.removeLast()
                    index += (multiline ? 3 : 1) + count
                    continue
                }
                if scalar == "\\", hashes(from: index + 1) >= count {
                    let next = index + 1 + count
                    switch at(next) {
                    case "("?:
                        stack[stack.count - 1] = .string(hashes: count, multiline: multiline, text: literal + " ")
                        stack.append(.code(depth: 0))
                        index = next + 1
                        continue
                    case "u"? where at(next + 1) == "{":
                        var end = next + 2
                        var hex = ""
                        while let digit = at(end), digit != "}" { hex.unicodeScalars.append(digit); end += 1 }
                        if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) { literal.unicodeScalars.append(decoded) }
                        index = end + 1
                    case "n"?: literal += "\n"; index = next + 1
                    case "t"?: literal += "\t"; index = next + 1
                    case "0"?: literal += "\0"; index = next + 1
                    case let escaped?: literal.unicodeScalars.append(escaped); index = next + 1
                    case nil: index = next
                    }
                    stack[stack.count - 1] = .string(hashes: count, multiline: multiline, text: literal)
                    continue
                }
                literal.unicodeScalars.append(scalar)
                stack[stack.count - 1] = .string(hashes: count, multiline: multiline, text: literal)
                index += 1
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
        #expect(Self.literals(#"let a = "Warenkorb" + "x\"y" // "Panier""#) == ["Warenkorb", #"x"y"#])
        // As the repository's own sources write strings: raw JSON, a URL before a word, a
        // multi-line literal, an escaped letter, an interpolation holding a literal.
        #expect(Self.literals(##"f(json: #"{"title": "Zur Kasse"}"#)"##) == [#"{"title": "Zur Kasse"}"#])
        #expect(Self.literals(#"f("https://x/a.jpg", "Warenkorb")"#) == ["https://x/a.jpg", "Warenkorb"])
        #expect(Self.literals("let a = \"\"\"\n    Dein Warenkorb ist leer.\n    \"\"\"") == ["\n    Dein Warenkorb ist leer.\n    "])
        #expect(Self.literals(#"let b = "Zur\u{FC}ck""#) == ["Zurück"])
        #expect(Self.literals(#"let c = "a \(x ? "Kasse" : "b") d""#) == ["Kasse", "b", "a   d"])
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
