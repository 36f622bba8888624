import FlowCore
import Foundation

/// One HTTP answer, whole: status, header fields (names lower-cased) and body.
struct HTTPReply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    var isSuccess: Bool { (200..<300).contains(status) }

    /// The error this answer stands for: the server's `{"error": {"code", "message"}}` when
    /// the body holds one, and its `Retry-After` in seconds.
    var statusError: HomeAPIError {
        var code: String?
        var message: String?
        if let document = try? JSONParser.parse(body), let error = document["error"] {
            code = error["code"]?.stringValue.map { Self.clipped($0, bytes: 64) }
            message = error["message"]?.stringValue.map { Self.clipped($0, bytes: 300) }
        }
        return .status(status, code: code, message: message, retryAfter: retryAfter)
    }

    /// `Retry-After` as delta-seconds (what the backend sends). An HTTP-date is ignored:
    /// the backoff alone decides then.
    var retryAfter: Duration? {
        guard let value = header("retry-after")?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty, value.utf8.count <= 9, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let seconds = Int(value)
        else { return nil }
        return .seconds(seconds)
    }

    /// `Cache-Control: max-age` in seconds, when present and well formed.
    var maxAge: Double? {
        guard let control = header("cache-control") else { return nil }
        for directive in control.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].lowercased() == "max-age", let seconds = Int(parts[1]), seconds >= 0 else { continue }
            return Double(seconds)
        }
        return nil
    }

    /// `text` cut to at most `bytes` UTF-8 bytes at a scalar boundary.
    static func clipped(_ text: String, bytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var scalars = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let size = String(scalar).utf8.count
            guard used + size <= limit else { break }
            scalars.append(scalar)
            used += size
        }
        return String(scalars)
    }
}
