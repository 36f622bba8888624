import FlowCore

/// Server text made fit for a screen reader, by the project's one rule for server text
/// (`SafeText`) and two more a spoken line needs.
///
/// Every C0 and C1 control, DEL and bidi control is removed (`SafeText`); line breaks and runs
/// of white space become one space, since an element is read (and printed) as one line; and
/// text is cut after `maximumScalars` Unicode scalars, at a scalar boundary, so a hostile
/// label (10,000 combining marks) costs a bounded amount to speak, print or lay out.
public enum AccessibilityText {
    /// The most scalars of one label, value or hint. A long product title is about 100.
    public static let maximumScalars = 1_000

    /// `text` cleaned, collapsed to one line and bounded; `nil` when nothing readable is left:
    /// white space and invisible scalars alone (default-ignorable ones: U+200B, U+2060, U+FEFF,
    /// variation selectors) read as nothing, so a label of them counts as absent.
    public static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        var result = String.UnicodeScalarView()
        var count = 0
        var pendingSpace = false
        var readable = false
        for scalar in SafeText.cleaned(text, keepingNewlines: false).unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = count > 0
                continue
            }
            if !scalar.properties.isDefaultIgnorableCodePoint { readable = true }
            if pendingSpace {
                guard count + 1 < maximumScalars else { break }
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            guard count < maximumScalars else { break }
            result.append(scalar)
            count += 1
        }
        return readable ? String(result) : nil
    }

    /// What a reader hears of payload text: its words, markdown markers removed when it is
    /// markdown (`InlineMarkdown.plainText`), cleaned.
    public static func spoken(_ text: TextData?) -> String? {
        guard let text else { return nil }
        return clean(text.isMarkdown ? InlineMarkdown.plainText(text.text) : text.text)
    }

    /// The readable parts among `parts`, cleaned and joined by `", "`; `nil` when none is.
    /// The whole is bounded as a part is.
    public static func joined(_ parts: [String?]) -> String? {
        clean(parts.compactMap(clean).joined(separator: ", "))
    }
}
