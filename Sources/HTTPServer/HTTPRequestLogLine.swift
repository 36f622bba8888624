import CMicroHTTPD
import Foundation

/// One log line per request: `GET /v1/home 200 5120B 1.8ms`, and for a request that ended
/// without a complete answer, why (`POST /v1/events - 0B 1002.4ms timeout`). The query is
/// left out so that search terms and ids from users stay out of the log, and every byte of what
/// the client sent that could move a terminal's cursor, colour it, forge a line or a field, or
/// reorder what a reader sees is escaped: controls (`\x1b`, `\r`, `\x00`, `\u{9b}`), the space
/// (`\x20`, so a path is one field), the backslash, the line and paragraph separators
/// (`\u{2028}`, `\u{2029}`) and the bidirectional controls (`\u{202e}`, …).
struct HTTPRequestLogLine {
    let text: String

    init(context: HTTPRequestContext, reason: String?, now: ContinuousClock.Instant) {
        // By bytes: a '?' followed by a combining mark is one Character, but still the query.
        let path = context.target.utf8.firstIndex(of: UInt8(ascii: "?")).map { context.target[..<$0] } ?? context.target[...]
        let method = context.method.isEmpty ? "-" : context.method
        let status = context.status.map(String.init) ?? "-"
        // Tenths of a millisecond, formatted by hand: this runs once per request.
        let tenths = max(0, Int((now - context.startedAt) / .microseconds(100)))
        var text = "\(Self.escaped(method)) \(Self.escaped(path)) \(status) \(context.sentBodyBytes)B \(tenths / 10).\(tenths % 10)ms"
        if let reason { text += " " + reason }
        self.text = text
    }

    /// Why a request ended without a complete answer, or nil when it was answered.
    static func reason(_ termination: MHD_RequestTerminationCode) -> String? {
        switch termination {
        case .REQUEST_TERMINATED_COMPLETED_OK: return nil
        case .REQUEST_TERMINATED_TIMEOUT_REACHED: return "timeout"
        case .REQUEST_TERMINATED_DAEMON_SHUTDOWN: return "shutdown"
        case .REQUEST_TERMINATED_CLIENT_ABORT: return "client-abort"
        case .REQUEST_TERMINATED_READ_ERROR: return "read-error"
        default: return "error"
        }
    }

    /// The text with C0 controls, the space, DEL, C1 controls, the backslash, U+2028/U+2029
    /// and the bidirectional controls escaped; everything else as it is. Most paths have
    /// nothing to escape.
    static func escaped<Text: StringProtocol>(_ text: Text) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var escaped = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\r": escaped += "\\r"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            default:
                let hex = String(scalar.value, radix: 16)
                escaped += scalar.value < 0x80 ? "\\x" + (hex.utf8.count < 2 ? "0" + hex : hex) : "\\u{" + hex + "}"
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0...0x20, 0x7F...0x9F, 0x5C: return true
        // Line and paragraph separators, and every bidirectional control (marks, embeddings,
        // overrides, isolates): a reader's terminal or viewer acts on them.
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x206F: return true
        default: return false
        }
    }
}
