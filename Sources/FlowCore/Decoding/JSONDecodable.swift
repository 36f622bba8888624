import Foundation

/// A type that decodes itself from a payload node. Atoms, layout, actions and widget contents
/// conform; failures are typed so that the page decoder can contain them without boxing.
public protocol JSONDecodable {
    init(from node: JSONNode) throws(DecodingFailure)

    /// The value `value` decodes to when that needs no node (a string read as a `String`),
    /// or `nil` to decode through `init(from:)`, which reports any failure with its path.
    /// Reading a member tries this first, so a well-typed scalar costs no node; it must give
    /// what `init(from:)` would. The default is `nil`.
    static func decodedWithoutNode(_ value: JSONValue) -> Self?
}

extension JSONDecodable {
    public static func decodedWithoutNode(_ value: JSONValue) -> Self? { nil }
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

    /// The number member `key` clamped into `range`; a value outside it is clamped and
    /// reported.
    public func optional(_ key: String, clampedTo range: ClosedRange<Double>) throws(DecodingFailure) -> Double? {
        guard let value: Double = try optional(key) else { return nil }
        let clamped = min(max(value, range.lowerBound), range.upperBound)
        if clamped != value { reportAdjusted(at: key, "\(key) \(value) is outside [\(range.lowerBound), \(range.upperBound)]: clamped to \(clamped)") }
        return clamped
    }

    /// The member `key` as a whole number in `range`, for cosmetic counts (`columns`,
    /// `max_lines`, an impression's `limit`): any number is taken, a fraction rounded toward
    /// zero and a value outside the range clamped, each reported, so that one odd number
    /// never costs the object that holds it. A value that is not a number still fails.
    public func optionalCount(_ key: String, clampedTo range: ClosedRange<Int>) throws(DecodingFailure) -> Int? {
        guard let value: Double = try optional(key) else { return nil }
        let clamped = min(max(value.rounded(.towardZero), Double(range.lowerBound)), Double(range.upperBound))
        if clamped != value { reportAdjusted(at: key, "\(key) \(value) is not a whole number in \(range.lowerBound)…\(range.upperBound): \(Int(clamped)) used") }
        return Int(clamped)
    }
}

/// The largest cosmetic values a client takes as they are (points, counts, milliseconds);
/// beyond them a value is clamped and reported (CONTRACT, "Decisions"). No screen needs more,
/// and no renderer should have to guard every conversion against `1e300`.
public enum CosmeticLimits {
    /// Insets, spacing, radii, in points (either sign for insets).
    public static let length = 10_000.0
    /// Font sizes, border and separator thicknesses, in points.
    public static let stroke = 1_000.0
    /// An image's aspect ratio (width over height) is kept within 1/100 … 100.
    public static let aspectRatio = 0.01...100.0
    /// Grid columns.
    public static let columns = 1...12
    /// Lines of text.
    public static let lines = 1...10_000
    /// An impression's duration, in milliseconds (an hour), and its limit.
    public static let impressionMilliseconds = 0...3_600_000
    public static let impressionLimit = 0...1_000_000
}

extension String: JSONDecodable {
    public static func decodedWithoutNode(_ value: JSONValue) -> String? {
        if case .string(let string) = value { return string }
        return nil
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        guard case .string(let string) = node.value else { throw node.mismatch(expected: "a string") }
        self = string
    }
}

extension Double: JSONDecodable {
    public static func decodedWithoutNode(_ value: JSONValue) -> Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        guard case .number(let number) = node.value else { throw node.mismatch(expected: "a number") }
        self = number
    }
}

extension Int: JSONDecodable {
    public static func decodedWithoutNode(_ value: JSONValue) -> Int? {
        if case .number(let number) = value { return Int(exactly: number) }
        return nil
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        guard case .number(let number) = node.value else { throw node.mismatch(expected: "an integer") }
        guard let exact = Int(exactly: number) else { throw node.invalid("\(number) is not an integer") }
        self = exact
    }
}

extension Bool: JSONDecodable {
    public static func decodedWithoutNode(_ value: JSONValue) -> Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        guard case .bool(let flag) = node.value else { throw node.mismatch(expected: "a boolean") }
        self = flag
    }
}

extension JSONValue: JSONDecodable {
    public static func decodedWithoutNode(_ value: JSONValue) -> JSONValue? { value }

    public init(from node: JSONNode) throws(DecodingFailure) {
        self = node.value
    }
}

extension JSONObject: JSONDecodable {
    public static func decodedWithoutNode(_ value: JSONValue) -> JSONObject? { value.objectValue }

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
