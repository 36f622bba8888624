import FlowCore
import Foundation
import HTTPServer

/// Reading JSON request bodies: the media type (415), the syntax (400 `invalid_json`) and
/// the shape (400 `invalid_body`), each with a message that names the problem.
///
/// A client may contain what it cannot hold (FlowCore's parser reads a repeated key, an
/// out-of-range number, an over-deep value or bytes that are not UTF-8 as it can); a server
/// may not guess at a request: a body with any of them is refused as `invalid_json`, so no two
/// readers of one request (this one and a proxy's) can see different values.
enum RequestBody {
    /// The body as a JSON object.
    static func object(_ request: HTTPRequest) throws(RequestError) -> JSONValue {
        let contentType = request.header("content-type")
        guard HTTPRequest.isJSON(contentType: contentType) else { throw .unsupportedMediaType(contentType) }
        guard !request.body.isEmpty else { throw .badJSON("the body is empty; a JSON object was expected") }
        // JSON between systems is UTF-8 (RFC 8259 §8.1). The parser would read a stray byte as
        // U+FFFD, and two ids that differ only there would read as one.
        let isASCII = request.body.withUnsafeBytes { bytes in bytes.allSatisfy { $0 < 0x80 } }
        guard isASCII || String(validating: request.body, as: UTF8.self) != nil else {
            throw .badJSON("the body is not valid UTF-8")
        }
        let parsed: ParsedJSON
        do {
            parsed = try JSONParser.parseReportingProblems(request.body)
        } catch {
            throw .badJSON("the body is not valid JSON: \(error.reason) at byte \(error.offset)")
        }
        if let problem = parsed.problems.first {
            let path = problem.path.map { component -> String in
                switch component {
                case .key(let key): key
                case .index(let index): String(index)
                }
            }.joined(separator: ".")
            throw .badJSON("the body is refused: \(problem)\(path.isEmpty ? "" : " at \(path)")")
        }
        let value = parsed.value
        guard case .object = value else { throw .badBody("the body must be a JSON object") }
        return value
    }

    /// A required non-empty string member of at most `maxBytes` UTF-8 bytes (bytes, not
    /// Characters: one Character can hold any number of combining marks).
    static func string(_ value: JSONValue, _ key: String, maxBytes: Int = 128) throws(RequestError) -> String {
        guard let member = value[key] else { throw .badBody("'\(key)' is required") }
        guard case .string(let text) = member, !text.utf8.isEmpty, text.utf8.count <= maxBytes else {
            throw .badBody("'\(key)' must be a non-empty string of at most \(maxBytes) UTF-8 bytes")
        }
        return text
    }

    static func optionalInt(_ value: JSONValue, _ key: String) throws(RequestError) -> Int? {
        guard let member = value[key], member != .null else { return nil }
        guard let number = member.intValue else { throw .badBody("'\(key)' must be an integer") }
        return number
    }
}
