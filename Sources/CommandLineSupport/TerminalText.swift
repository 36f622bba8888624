import FlowPresentation

/// Makes server-sent text safe to print on a terminal.
///
/// Payload strings (ids, types, messages quoting them) can hold escape sequences that would
/// move the cursor, rewrite the title, or hide output. Every C0 and C1 control character,
/// DEL, and the bidirectional controls (the terminal renderer's one rule, `SafeText.isUnsafe`)
/// are replaced by a visible `\u{…}` escape; a newline too, so that one diagnostic stays on one
/// line.
public enum TerminalText {
    /// `text` with every unsafe scalar written as a visible `\u{…}` escape.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                safe.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                safe.append(scalar)
            }
        }
        return String(safe)
    }

    /// `text` made safe and, past `limit` Unicode scalars, cut with a note of its whole size:
    /// what a message quotes of an argument, so a 5,000-byte link does not fill the screen.
    public static func excerpt(_ text: String, limit: Int = 120) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return sanitized(text) }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(limit))
        return sanitized(String(cut)) + "… (\(text.utf8.count) bytes)"
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        SafeText.isUnsafe(scalar)
    }
}
