import Foundation

/// A type that decodes itself from a payload node. Atoms, layout, actions and widget contents
/// conform; failures are typed so that the page decoder can contain them without boxing.
public protocol JSONDecodable {
    init(from node: JSONNode) throws(DecodingFailure)
}

extension JSONNode {
    /// A type-mismatch failure at this node.
    public func mismatch(expected: String) -> DecodingFailure {
        DecodingFailure(.typeMismatch(expected: expected, found: value.typeName), at: path)
    }

    /// An invalid-value failure at this node.
    public func invalid(_ detail: String) -> DecodingFailure {
        DecodingFailure(.invalidValue(detail), at: path)
    }

    /// Reports a cosmetic value the decoder clamped or ignored (`malformed_payload`, at this
    /// node's path): the element stays, and backend teams still see what was wrong. Business
    /// values (a price, a currency, an availability) fail instead (CONTRACT, "Decisions").
    public func reportAdjusted(at key: String? = nil, _ detail: String) {
        let path = key.map { self.path.appending($0) } ?? self.path
        session?.report(.malformedPayload, path: path, message: "adjusted: \(detail)")
    }

    /// The number member `key` when it is within `range`; one outside it is ignored (`nil`)
    /// and reported.
    public func optional(_ key: String, within range: ClosedRange<Double>, excludingLowerBound: Bool = false) throws(DecodingFailure) -> Double? {
        guard let value: Double = try optional(key) else { return nil }
        let fits = range.contains(value) && !(excludingLowerBound && value == range.lowerBound)
        if !fits {
            let interval = excludingLowerBound ? "(\(range.lowerBound), \(range.upperBound)]" : "[\(range.lowerBound), \(range.upperBound)]"
            reportAdjusted(at: key, "\(key) \(value) is outside \(interval): ignored")
            return nil
        }
        return value
    }
}

extension String: JSONDecodable {
    public init(from node: JSONNode) throws(DecodingFailure) {
        guard case .string(let string) = node.value else { throw node.mismatch(expected: "a string") }
        self = string
    }
}

extension Double: JSONDecodable {
    public init(from node: JSONNode) throws(DecodingFailure) {
        guard case .number(let number) = node.value else { throw node.mismatch(expected: "a number") }
        self = number
    }
}

extension Int: JSONDecodable {
    public init(from node: JSONNode) throws(DecodingFailure) {
        guard case .number(let number) = node.value else { throw node.mismatch(expected: "an integer") }
        guard let exact = Int(exactly: number) else { throw node.invalid("\(number) is not an integer") }
        self = exact
    }
}

extension Bool: JSONDecodable {
    public init(from node: JSONNode) throws(DecodingFailure) {
        guard case .bool(let flag) = node.value else { throw node.mismatch(expected: "a boolean") }
        self = flag
    }
}

extension JSONValue: JSONDecodable {
    public init(from node: JSONNode) throws(DecodingFailure) {
        self = node.value
    }
}

extension JSONObject: JSONDecodable {
    public init(from node: JSONNode) throws(DecodingFailure) {
        self = try node.object()
    }
}

extension Date: JSONDecodable {
    /// Decodes an RFC 3339 instant (`2026-12-24T23:00:00Z`).
    public init(from node: JSONNode) throws(DecodingFailure) {
        guard case .string(let text) = node.value else { throw node.mismatch(expected: "an RFC 3339 instant") }
        guard let date = RFC3339.date(from: text) else { throw node.invalid("'\(text)' is not an RFC 3339 instant") }
        self = date
    }
}
