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

    /// `source` as runs of text with their emphasis, in order. Linear in the text: where each
    /// marker next closes is found once, by one backward pass (a text of 80,000 unclosed `[`
    /// took minutes when each opener searched the rest of the text).
    public static func parse(_ source: String) -> [Run] {
        let characters = Array(source)
        let next = NextMarkers(characters)
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

        while index < characters.count {
            let character = characters[index]
            let nextCharacter = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "\\" where nextCharacter != nil:
                current.append(nextCharacter!)
                index += 2
            case "*", "_":
                if nextCharacter == character, bold || next.closes(double: character, from: index + 2) {
                    flush()
                    bold.toggle()
                    index += 2
                } else if italic || next.closes(single: character, from: index + 1) {
                    flush()
                    italic.toggle()
                    index += 1
                } else {
                    current.append(character)
                    index += 1
                }
            case "`":
                if let end = next.backtick(from: index + 1), end > index + 1 {
                    flush()
                    runs.append(run(String(characters[(index + 1)..<end])) { $0.isCode = true })
                    index = end + 1
                } else {
                    current.append(character)
                    index += 1
                }
            case "[":
                if let close = next.closingBracket(from: index + 1), close + 1 < characters.count,
                    characters[close + 1] == "(", let paren = next.closingParenthesis(from: close + 2)
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

/// For every position of a text, where each marker next occurs at or after it: found by one
/// backward pass, so that every lookup the parser makes is constant time.
private struct NextMarkers {
    private let count: Int
    private var single: [Character: [Int]] = [:]
    private var double: [Character: [Int]] = [:]
    private var plain: [Character: [Int]] = [:]

    init(_ characters: [Character]) {
        count = characters.count
        // Which positions a backslash escapes, reading from the start as the parser does.
        var escaped = [Bool](repeating: false, count: count)
        var index = 0
        while index < count {
            if characters[index] == "\\", index + 1 < count {
                escaped[index + 1] = true
                index += 2
            } else {
                index += 1
            }
        }
        for marker: Character in ["*", "_"] {
            var nextSingle = [Int](repeating: count, count: count + 1)
            var nextDouble = [Int](repeating: count, count: count + 1)
            for position in stride(from: count - 1, through: 0, by: -1) {
                let opens = characters[position] == marker && !escaped[position]
                nextSingle[position] = opens ? position : nextSingle[position + 1]
                let pair = opens && position + 1 < count && characters[position + 1] == marker
                nextDouble[position] = pair ? position : nextDouble[position + 1]
            }
            single[marker] = nextSingle
            double[marker] = nextDouble
        }
        // Code spans and links close at the next such character, escaped or not.
        for marker: Character in ["`", "]", ")"] {
            var next = [Int](repeating: count, count: count + 1)
            for position in stride(from: count - 1, through: 0, by: -1) {
                next[position] = characters[position] == marker ? position : next[position + 1]
            }
            plain[marker] = next
        }
    }

    /// Whether `marker` (once) closes somewhere after `start`, not right at it.
    func closes(single marker: Character, from start: Int) -> Bool {
        guard start < count, let at = single[marker]?[start] else { return false }
        return at < count && at > start
    }

    /// Whether `marker` twice closes somewhere after `start`, not right at it.
    func closes(double marker: Character, from start: Int) -> Bool {
        guard start < count, let at = double[marker]?[start] else { return false }
        return at < count && at > start
    }

    func backtick(from start: Int) -> Int? { find("`", from: start) }
    func closingBracket(from start: Int) -> Int? { find("]", from: start) }
    func closingParenthesis(from start: Int) -> Int? { find(")", from: start) }

    private func find(_ marker: Character, from start: Int) -> Int? {
        guard start < count, let at = plain[marker]?[start], at < count else { return nil }
        return at
    }
}
