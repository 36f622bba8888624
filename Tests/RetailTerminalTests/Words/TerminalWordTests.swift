import FlowTerminal
import RetailKit
import Testing
@testable import RetailTerminal

/// The terminal apps' own words: every key in every language, none left in English but the
/// program's name and the Esc key, the same placeholders everywhere.
@Suite struct TerminalWordTests {
    @Test func everyTerminalWordHasEveryLanguageAndNoneIsLeftInEnglish() {
        let english = TerminalWord.table(for: .enUS)
        for locale in AppLocale.allCases {
            let table = TerminalWord.table(for: locale)
            #expect(table.count == TerminalWord.allCases.count, "\(locale.rawValue)")
            for key in TerminalWord.allCases {
                guard let text = table[key], let source = english[key] else {
                    Issue.record("\(key) has no \(locale.rawValue) words")
                    continue
                }
                #expect(!text.isEmpty)
                if locale != .enUS, !TerminalWord.sameInEveryLanguage.contains(key) {
                    #expect(text != source, "\(key) is left in English in \(locale.rawValue)")
                }
                #expect(text.filter { $0 == "{" }.count == source.filter { $0 == "{" }.count, "\(key) in \(locale.rawValue)")
            }
        }
    }

    @Test func theQuitHintFitsANarrowStatusLine() {
        for locale in AppLocale.allCases {
            let short = Copy<TerminalWord>(locale)[.hintKeysShort]
            #expect(short.contains("q"))
            #expect(DisplayWidth.of(short) + 2 <= 20, "\(short) leaves room for the screen's name at 40 columns")
        }
    }

    @Test func theRenderersOwnWordsAreTheShoppersEveryOne() {
        let english = Mirror(reflecting: RendererWords()).children.compactMap { child in (child.value as? String).map { (child.label ?? "", $0) } }
        for locale in [AppLocale.deDE, .frFR] {
            let words = Mirror(reflecting: RendererWords.shopper(locale))
            let values = Dictionary(uniqueKeysWithValues: words.children.compactMap { child in (child.value as? String?).flatMap { $0 }.map { (child.label ?? "", $0) } })
            for (label, text) in english where label != "moreFailedPrefix" && label != "loadFailedAttempts" || locale == .enUS {
                #expect(values[label] != text, "\(label) is left in English in \(locale.rawValue)")
            }
            #expect(RendererWords.shopper(locale).loadFailedDetail != nil, "a shopper never reads a load's own message")
            #expect(RendererWords.shopper(locale).moreFailed != nil)
        }
    }
}
