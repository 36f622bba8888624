/// Why one value could not be decoded. Thrown by content decoders; the page decoder turns it
/// into a `malformed_payload` diagnostic (or a dropped element) and never lets it escape.
public struct DecodingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Sendable, Equatable {
        /// A required key was absent or `null`.
        case missingKey(String)
        /// The value had the wrong JSON type.
        case typeMismatch(expected: String, found: String)
        /// The value had the right type but an unusable value.
        case invalidValue(String)
    }

    public var reason: Reason
    /// Where: for a missing key, the object that lacks it.
    public var path: CodingPath

    public init(_ reason: Reason, at path: CodingPath) {
        self.reason = reason
        self.path = path
    }

    /// A readable sentence naming the failing key.
    public var message: String {
        switch reason {
        case .missingKey(let key): "missing required key '\(key)' at \(path)"
        case .typeMismatch(let expected, let found): "expected \(expected) at \(path), found \(found)"
        case .invalidValue(let detail): "invalid value at \(path): \(detail)"
        }
    }

    public var description: String { message }
}
