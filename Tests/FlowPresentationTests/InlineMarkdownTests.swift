@testable import FlowPresentation
import Testing

/// The markdown subset, parsed in one pass: the same runs as the rule reads (checked against
/// a plain reading of the rule on thousands of seeded texts), at a cost linear in the text.
@Suite struct InlineMarkdownTests {
    @Test func theSubsetReadsAsRuns() {
        let runs = InlineMarkdown.parse(#"**Bold** and _it_ with `code`, a [link](vitrine://x) and \*no\* *open"#)
        #expect(runs.map(\.text) == ["Bold", " and ", "it", " with ", "code", ", a ", "link", " and *no* *open"])
        #expect(runs[0].isBold && runs[2].isItalic && runs[4].isCode && runs[6].isLink)
    }

    /// Unclosed openers by the ten thousand: each opener searched the rest of the text before,
    /// so 80,000 `[` took minutes to read.
    @Test(arguments: ["[", "*", "_", "`", "**", "[x](", "\\"])
    func unclosedMarkersByTheThousandReadAsWritten(marker: String) {
        let text = String(repeating: marker, count: 100_000 / marker.count)
        #expect(InlineMarkdown.plainText(text).count == text.count - (marker == "\\" ? text.count / 2 : 0))
    }

    @Test func everySeededTextReadsAsTheRuleReadsIt() {
        var generator = SplitMix(seed: 0x6D61726B)
        let alphabet = Array("*_`[]()\\ab ")
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 24)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            #expect(InlineMarkdown.parse(text) == ReferenceMarkdown.parse(text), "\(text.debugDescription)")
        }
    }
}

/// The rule read plainly, one search per opener (quadratic): the oracle for the one-pass parser.
private enum ReferenceMarkdown {
    static func parse(_ source: String) -> [InlineMarkdown.Run] {
        let characters = Array(source)
        var runs: [InlineMarkdown.Run] = []
        var current = ""
        var bold = false, italic = false
        var index = 0
        func run(_ text: String, _ change: (inout InlineMarkdown.Run) -> Void = { _ in }) -> InlineMarkdown.Run {
            var run = InlineMarkdown.Run(text: text, isBold: bold, isItalic: italic)
            change(&run)
            return run
        }
        func flush() {
            if !current.isEmpty { runs.append(run(current)) }
            current = ""
        }
        func closes(_ marker: [Character], from start: Int) -> Bool {
            var position = start
            while position + marker.count <= characters.count {
                if characters[position] == "\\" {
                    position += 2
                    continue
                }
                if Array(characters[position..<(position + marker.count)]) == marker { return position > start }
                position += 1
            }
            return false
        }
        while index < characters.count {
            let character = characters[index]
            let nextCharacter = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "\\" where nextCharacter != nil:
                current.append(nextCharacter!)
                index += 2
            case "*", "_":
                if nextCharacter == character, bold || closes([character, character], from: index + 2) {
                    flush(); bold.toggle(); index += 2
                } else if italic || closes([character], from: index + 1) {
                    flush(); italic.toggle(); index += 1
                } else {
                    current.append(character); index += 1
                }
            case "`":
                if let end = characters[(index + 1)...].firstIndex(of: "`"), end > index + 1 {
                    flush()
                    runs.append(run(String(characters[(index + 1)..<end])) { $0.isCode = true })
                    index = end + 1
                } else {
                    current.append(character); index += 1
                }
            case "[":
                if let close = characters[(index + 1)...].firstIndex(of: "]"), close + 1 < characters.count,
                    characters[close + 1] == "(", let paren = characters[(close + 2)...].firstIndex(of: ")")
                {
                    flush()
                    runs.append(run(String(characters[(index + 1)..<close])) { $0.isLink = true })
                    index = paren + 1
                } else {
                    current.append(character); index += 1
                }
            default:
                current.append(character); index += 1
            }
        }
        flush()
        return runs
    }
}

/// A small seeded generator, so a failing text can be found again.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
