import FlowPresentation
import Foundation
import Testing
import RetailKit
@testable import RetailPresentation

/// The one catalogue of the app's words (`WordTable`, read through `Words`): every key, the
/// app's and the engine's, in every language, nothing left in English but what is rightly the
/// same, the same placeholders in every translation, and the plural rules of each language.
@Suite struct WordsTests {
    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    static func check<Key: Hashable & RawRepresentable & CaseIterable>(
        _ tables: (AppLocale) -> [Key: String], same: Set<Key> = []
    ) where Key.RawValue == String {
        let english = tables(.enUS)
        for locale in AppLocale.allCases {
            let table = tables(locale)
            for key in Key.allCases {
                let text = table[key]
                #expect(text?.isEmpty == false, "\(key.rawValue) has no \(locale.rawValue) words")
                guard let text, let source = english[key], locale != .enUS else { continue }
                if !same.contains(key) {
                    #expect(text != source, "\(key.rawValue) is left in English in \(locale.rawValue): \(text)")
                }
                #expect(placeholders(text) == placeholders(source), "\(key.rawValue) in \(locale.rawValue) fills other values")
            }
            #expect(table.count == Key.allCases.count, "no word without a key in \(locale.rawValue)")
        }
    }

    @Test func everyWordOfTheAppHasEveryLanguageAndNoneIsLeftInEnglish() {
        Self.check({ WordTable.of($0).words }, same: WordTable.sameInEveryLanguage)
    }

    @Test func everyWordOfTheEngineHasEveryLanguageAndNoneIsLeftInEnglish() {
        Self.check({ WordTable.of($0).engine }, same: WordTable.engineSameInEveryLanguage)
    }

    /// The engine's words reach its renderers whole: what the app hands them is every key's.
    @Test func theEngineGetsItsWordsFromTheCatalogue() {
        for locale in AppLocale.allCases {
            let words = Words(locale)
            for key in EngineWord.allCases {
                let table = WordTable.of(locale).engine[key]
                #expect(table != nil, "\(key.rawValue) in \(locale.rawValue)")
                #expect(words.engine[key] == table)
            }
        }
        #expect(EngineWords.keys[.loadFailedTitle] == "loadFailedTitle", "a word not given reads as its key, where it is missing")
    }

    @Test func theQuitHintFitsANarrowStatusLine() {
        for locale in AppLocale.allCases {
            let short = Words(locale)[.hintKeysShort]
            #expect(short.contains("q"))
            #expect(short.unicodeScalars.count + 2 <= 20, "\(short) leaves room for the screen's name at 40 columns")
        }
    }

    /// In French a title is never a sentence's subject, so no participle or adjective has to
    /// agree with it: "{title} retiré du panier" reads wrong for a feminine title
    /// ("Chaussure de trail Alto retiré").
    @Test func frenchNeverMakesAProductsTitleTheSubject() {
        for (key, text) in WordTable.french.words where text.contains("{title}") {
            #expect(!text.hasPrefix("{title}"), "\(key.rawValue): \(text)")
        }
    }

    @Test func germanSaysDuAndFrenchVousAsTheBackendDoes() {
        for text in WordTable.german.words.values {
            for formal in [" Sie ", " Ihr", " Ihnen"] { #expect(!(" " + text).contains(formal), "\(text)") }
        }
        for text in WordTable.french.words.values {
            for familiar in [" tu ", " ton ", " ta ", " tes ", " toi"] { #expect(!(" " + text + " ").contains(familiar), "\(text)") }
        }
    }

    @Test func placeholdersAreFilledAndUnknownOnesKept() {
        let words = Words(.deDE)
        #expect(words(.justSoldOut, ["title": "Gesichtscreme Brio"]) == "Gesichtscreme Brio ist gerade ausverkauft")
        #expect(WordTemplate.fill("{a} and {b", ["a": "x"]) == "x and {b")
        #expect(WordTemplate.fill("{a}{c}", ["a": "{c}"]) == "{c}{c}", "a value is inserted as it is, never filled again")
    }

    @Test func pluralsFollowEachLanguage() {
        #expect(Words(.enUS).plural(.itemsOne, .itemsOther, count: 1) == "1 item")
        #expect(Words(.enUS).plural(.itemsOne, .itemsOther, count: 0) == "0 items")
        #expect(Words(.frFR).plural(.itemsOne, .itemsOther, count: 0) == "0 article", "French counts 0 as one")
        #expect(Words(.frFR).plural(.itemsOne, .itemsOther, count: 2) == "2 articles")
        #expect(Words(.deDE).plural(.endsInDaysOne, .endsInDaysOther, count: 6) == "Endet in 6 Tagen")
        #expect(Words(.deDE).plural(.itemsOne, .itemsOther, count: 1234) == "1.234 Artikel", "the count in the locale's form")
    }

    @Test func aLocaleTheAppHasNotIsTheNearestItHas() {
        #expect(AppLocale(identifier: "de-AT") == .deDE)
        #expect(AppLocale(identifier: "fr_CA") == .frFR)
        #expect(AppLocale(identifier: "FR-fr") == .frFR)
        #expect(AppLocale(identifier: "es-ES") == .enUS)
        #expect(AppLocale(identifier: "") == .enUS)
    }
}
