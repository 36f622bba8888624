import FlowTerminal
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal

@Suite struct ShellKeyMapTests {
    @Test(arguments: [
        (InputEvent.key(.down), ShellCommand.browse(.down)), (.text("j"), .browse(.down)),
        (.key(.up), .browse(.up)), (.text("k"), .browse(.up)),
        (.key(.left), .browse(.left)), (.text("h"), .browse(.left)),
        (.key(.right), .browse(.right)), (.text("l"), .browse(.right)),
        (.key(.pageDown), .browse(.pageDown)), (.text(" "), .browse(.pageDown)), (.key(.pageUp), .browse(.pageUp)),
        (.key(.home), .browse(.top)), (.key(.end), .browse(.bottom)),
        (.key(.tab), .browse(.next)), (.key(.backTab), .browse(.previous)),
        (.key(.enter), .activate), (.text("a"), .addToCart), (.text("/"), .search), (.text("r"), .refresh),
        (.text("c"), .cart), (.key(.escape), .back), (.key(.backspace), .back), (.text("?"), .help),
        (.text("q"), .quit), (.key(.ctrl("c")), .quit), (.text("d"), .togglePanel),
    ])
    func eachKeyOfTheIssueMeansItsCommand(event: InputEvent, command: ShellCommand) {
        #expect(ShellKeyMap.command(for: event) == command)
    }

    @Test func otherKeysMeanNothingAndReachATextFieldAsTyped() {
        #expect(ShellKeyMap.command(for: .text("x")) == nil)
        #expect(ShellInput.from(.text("x")) == [.text("x")])
        #expect(ShellInput.from(.paste("winter coat")) == [.text("winter coat")])
    }

    @Test func theWheelScrollsAndALeftClickIsACell() {
        #expect(ShellInput.from(.mouse(MouseEvent(action: .wheelDown, button: 0, x: 3, y: 4))) == [.wheel(rows: 3)])
        #expect(ShellInput.from(.mouse(MouseEvent(action: .wheelUp, button: 0, x: 3, y: 4))) == [.wheel(rows: -3)])
        #expect(ShellInput.from(.mouse(MouseEvent(action: .press, button: 0, x: 3, y: 4))) == [.click(x: 3, y: 4)])
        #expect(ShellInput.from(.mouse(MouseEvent(action: .press, button: 2, x: 3, y: 4))).isEmpty)
        #expect(ShellInput.from(.mouse(MouseEvent(action: .release, button: 0, x: 3, y: 4))).isEmpty)
    }

    @Test func theHelpNamesEveryKeyOfTheAppInTenLinesInEveryLanguage() {
        let english = ScreenHelp.page(words: Words(.enUS))
        let keys = english.map { $0.keys }.joined(separator: " ")
        // `␣` is the space bar (ISO/IEC 9995-7's symbol), which scrolls as PgDn does.
        for key in ["hjkl", "Tab", "PgUp PgDn ␣", "Home End", "Enter", "a", "+", "/", "c", "r", "Esc", "q"] {
            #expect(keys.contains(key), "\(key)")
        }
        for locale in AppLocale.allCases {
            let entries = ScreenHelp.page(words: Words(locale))
            #expect(entries.count == 10, "ten lines and the box fit a 40 × 15 screen")
            #expect(ScreenHelp.page(words: Words(locale), isDebug: true).contains { $0.keys == "d" })
            // The box is 40 columns at most: the keys, two columns, the meaning, four of frame.
            let keyWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
            for entry in entries { #expect(keyWidth + 2 + DisplayWidth.of(entry.meaning) + 4 <= 40, "\(locale): \(entry.meaning)") }
        }
        #expect(ScreenHelp.page(words: Words(.deDE)).contains { $0.keys == "Bild↑ Bild↓ ␣" })
    }

    /// The cart's help, the longest (an undo to offer, lines to act on), fits the 40-column box
    /// in every language, its title too.
    @Test func theCartsHelpFitsFortyColumnsInEveryLanguage() {
        for locale in AppLocale.allCases {
            let words = Words(locale)
            let entries = ScreenHelp.cart(words: words, hasLines: true, canUndo: true)
            #expect(entries.count + 4 <= 14, "the box fits a 40 × 15 screen")
            let keyWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
            for entry in entries { #expect(keyWidth + 2 + DisplayWidth.of(entry.meaning) + 4 <= 40, "\(locale): \(entry.meaning)") }
            #expect(DisplayWidth.of(words[.cartKeysTitle]) + 4 <= 40)
        }
    }
}
