/// Server text made safe to put in a cell: nothing in it can reach the terminal as a command.
///
/// Payload strings can hold escape sequences that would move the cursor, rewrite the title,
/// switch character sets or reorder what follows. Every C0 control (tabs become a space,
/// newlines are kept for the text layout to break on), C1 control, DEL, and bidirectional
/// override, embedding, isolate and mark is removed (and the deprecated format controls
/// U+206A–U+206F with them); the Unicode line and paragraph separators (U+2028, U+2029) are
/// line breaks like `\n`, never written raw (a terminal may move its cursor on them while the
/// layout counted a cell, and the screen drifts); what is left is shown as written (an
/// `ESC[31m` loses its ESC and shows as harmless `[31m`).
public enum SafeText {
    /// `text` with every unsafe scalar removed; `\t` becomes a space; `\n` stays when
    /// `keepingNewlines`, else becomes a space (as `\r\n` and `\r` do).
    public static func cleaned(_ text: String, keepingNewlines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) || $0.value == 0x0A || $0.value == 0x09 }) else { return text }
        // Every scalar treated below is one `isUnsafe` names (or a tab or newline), so the
        // guard above lets through only text that needs nothing done.
        var safe = String.UnicodeScalarView()
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            defer { previous = scalar.value }
            switch scalar.value {
            case 0x0A:
                if previous == 0x0D { continue }
                safe.append(keepingNewlines ? "\n" : " ")
            case 0x0D, 0x2028, 0x2029:
                safe.append(keepingNewlines ? "\n" : " ")
            case 0x09:
                safe.append(" ")
            default:
                if !isUnsafe(scalar) { safe.append(scalar) }
            }
        }
        return String(safe)
    }

    /// Whether `scalar` must never reach a terminal: C0 (newline included), DEL, C1, the bidi
    /// controls (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), the deprecated format
    /// controls U+206A–U+206F, and the line and paragraph separators U+2028–U+2029.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x206F: true
        default: false
        }
    }

    /// Whether `text` holds nothing `isUnsafe` rejects.
    public static func isSafe<S: StringProtocol>(_ text: S) -> Bool {
        !text.unicodeScalars.contains(where: isUnsafe)
    }
}
