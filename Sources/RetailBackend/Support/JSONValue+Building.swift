import FlowCore

/// Shorthands for composing payloads with FlowCore's `JSONValue`.
extension JSONValue {
    /// An object from ordered pairs. Order is kept into the bytes, which keeps a
    /// composition's ETag the same in every process.
    static func members(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(pairs.map { (key: $0.0, value: $0.1) }))
    }

    static func integer(_ value: Int) -> JSONValue {
        .number(Double(value))
    }

    /// A copy of an object with `key` set (replaced in place, or appended).
    func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var object) = self else { return self }
        object[key] = value
        return .object(object)
    }
}
