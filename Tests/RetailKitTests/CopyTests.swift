import Foundation
import Testing
@testable import RetailKit

/// The string tables: every key in every language, nothing left in English, the same
/// placeholders in every translation, and the plural rules of each language.
@Suite struct CopyTests {
    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    static func check<Key: CopyCatalog & RawRepresentable>(_: Key.Type) where Key.RawValue == String {
        let english = Key.table(for: .enUS)
        for locale in AppLocale.allCases {
            let table = Key.table(for: locale)
            for key in Key.allCases {
                let text = table[key]
                #expect(text?.isEmpty == false, "\(key.rawValue) has no \(locale.rawValue) words")
                guard let text, let source = english[key], locale != .enUS else { continue }
                if !Key.sameInEveryLanguage.contains(key) {
                    #expect(text != source, "\(key.rawValue) is left in English in \(locale.rawValue): \(text)")
                }
                #expect(placeholders(text) == placeholders(source), "\(key.rawValue) in \(locale.rawValue) fills other values")
            }
            #expect(table.count == Key.allCases.count, "no word without a key in \(locale.rawValue)")
        }
    }

    @Test func everyShopperWordHasEveryLanguageAndNoneIsLeftInEnglish() {
        Self.check(ShopperWord.self)
    }

    /// Review 20, finding 19: "{title} retiré du panier" read wrong for a feminine title
    /// ("Chaussure de trail Alto retiré"): in French a title is never a sentence's subject, so
    /// no participle or adjective has to agree with it.
    @Test func frenchNeverMakesAProductsTitleTheSubject() {
        for (key, text) in ShopperWord.table(for: .frFR) where text.contains("{title}") {
            #expect(!text.hasPrefix("{title}"), "\(key.rawValue): \(text)")
        }
    }

    @Test func germanSaysDuAndFrenchVousAsTheBackendDoes() {
        for text in ShopperWord.table(for: .deDE).values {
            for formal in [" Sie ", " Ihr", " Ihnen"] { #expect(!(" " + text).contains(formal), "\(text)") }
        }
        for text in ShopperWord.table(for: .frFR).values {
            for familiar in [" tu ", " ton ", " ta ", " tes ", " toi"] { #expect(!(" " + text + " ").contains(familiar), "\(text)") }
        }
    }

    @Test func placeholdersAreFilledAndUnknownOnesKept() {
        let words = Copy<ShopperWord>(.deDE)
        #expect(words(.justSoldOut, ["title": "Gesichtscreme Brio"]) == "Gesichtscreme Brio ist gerade ausverkauft")
        #expect(Copy<ShopperWord>.fill("{a} and {b", ["a": "x"]) == "x and {b")
        #expect(Copy<ShopperWord>.fill("{a}{c}", ["a": "{c}"]) == "{c}{c}", "a value is inserted as it is, never filled again")
    }

    @Test func pluralsFollowEachLanguage() {
        #expect(Copy<ShopperWord>(.enUS).plural(.itemsOne, .itemsOther, count: 1) == "1 item")
        #expect(Copy<ShopperWord>(.enUS).plural(.itemsOne, .itemsOther, count: 0) == "0 items")
        #expect(Copy<ShopperWord>(.frFR).plural(.itemsOne, .itemsOther, count: 0) == "0 article", "French counts 0 as one")
        #expect(Copy<ShopperWord>(.frFR).plural(.itemsOne, .itemsOther, count: 2) == "2 articles")
        #expect(Copy<ShopperWord>(.deDE).plural(.endsInDaysOne, .endsInDaysOther, count: 6) == "Endet in 6 Tagen")
        #expect(Copy<ShopperWord>(.deDE).plural(.itemsOne, .itemsOther, count: 1234) == "1.234 Artikel", "the count in the locale's form")
    }

    @Test func aLocaleTheAppHasNotIsTheNearestItHas() {
        #expect(AppLocale(identifier: "de-AT") == .deDE)
        #expect(AppLocale(identifier: "fr_CA") == .frFR)
        #expect(AppLocale(identifier: "FR-fr") == .frFR)
        #expect(AppLocale(identifier: "es-ES") == .enUS)
        #expect(AppLocale(identifier: "") == .enUS)
    }
}
