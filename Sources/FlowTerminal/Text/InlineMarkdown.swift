/// The markdown subset `is_markdown` implies (CONTRACT §5): `**bold**` and `__bold__`,
/// `*italic*` and `_italic_`, `` `inline code` ``, and `[link text](url)`, which shows its text
/// underlined (the URL is not shown: it is for the tap). A backslash escapes the next
/// character; a marker that is never closed is shown as written. Nothing else is markdown:
/// headings, lists and HTML read as plain text.
public enum InlineMarkdown {
    /// `source` as styled runs over `base`.
    public static func parse(_ source: String, base: CellStyle) -> StyledText {
        let characters = Array(source)
        var runs: [StyledText.Run] = []
        var current = ""
        var bold = false, italic = false
        var index = 0

        func style() -> CellStyle {
            var style = base
            if bold { style.attributes.insert(.bold) }
            if italic { style.attributes.insert(.italic) }
            return style
        }
        func flush() {
            if !current.isEmpty { runs.append(StyledText.Run(current, style: style())) }
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
                    var code = style()
                    code.attributes.insert(.reverse)
                    runs.append(StyledText.Run(String(characters[(index + 1)..<end]), style: code))
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
                    var link = style()
                    link.attributes.insert(.underline)
                    runs.append(StyledText.Run(String(characters[(index + 1)..<close]), style: link))
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
        return StyledText(runs)
    }
}
