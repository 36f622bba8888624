/// The markdown subset `is_markdown` implies (CONTRACT §5): `**bold**` and `__bold__`,
/// `*italic*` and `_italic_`, `` `inline code` ``, and `[link text](url)`, which shows its text
/// underlined (the URL is not shown: it is for the tap). A backslash escapes the next
/// character; a marker that is never closed is shown as written. Nothing else is markdown:
/// headings, lists and HTML read as plain text.
public enum InlineMarkdown {
    /// A stretch of text with one emphasis.
    public struct Run: Sendable, Hashable {
        public var text: String
        public var isBold = false
        public var isItalic = false
        /// Inline code.
        public var isCode = false
        /// A link's text (its URL is not kept: it is for the tap).
        public var isLink = false
    }

    /// What a reader hears and a plain renderer shows: the text with every marker removed.
    public static func plainText(_ source: String) -> String {
        parse(source).map(\.text).joined()
    }

    /// `source` as runs of text with their emphasis, in order.
    public static func parse(_ source: String) -> [Run] {
        let characters = Array(source)
        var runs: [Run] = []
        var current = ""
        var bold = false, italic = false
        var index = 0

        func style() -> Run { Run(text: "", isBold: bold, isItalic: italic) }
        func run(_ text: String, _ change: (inout Run) -> Void = { _ in }) -> Run {
            var run = style()
            run.text = text
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
                    flush()
                    bold.toggle()
                    index += 2
                } else if italic || closes([character], from: index + 1) {
                    flush()
                    italic.toggle()
                    index += 1
                } else {
                    current.append(character)
                    index += 1
                }
            case "`":
                if let end = characters[(index + 1)...].firstIndex(of: "`"), end > index + 1 {
                    flush()
                    runs.append(run(String(characters[(index + 1)..<end])) { $0.isCode = true })
                    index = end + 1
                } else {
                    current.append(character)
                    index += 1
                }
            case "[":
                if let close = characters[(index + 1)...].firstIndex(of: "]"), close + 1 < characters.count,
                    characters[close + 1] == "(", let paren = characters[(close + 2)...].firstIndex(of: ")")
                {
                    flush()
                    runs.append(run(String(characters[(index + 1)..<close])) { $0.isLink = true })
                    index = paren + 1
                } else {
                    current.append(character)
                    index += 1
                }
            default:
                current.append(character)
                index += 1
            }
        }
        flush()
        return runs
    }
}
