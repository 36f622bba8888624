import Foundation

/// Request bodies are read into `JSONValue` through `JSONDecoder`, which keeps the JSON
/// types apart (`true` is not `1`, `1.5` is not an integer) so that wrong types get a 400.
extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [(String, JSONValue)] = []
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append((key.stringValue, try container.decode(JSONValue.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd {
                elements.append(try container.decode(JSONValue.self))
            }
            self = .array(elements)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// Parses a request body; the error's description says what is wrong.
    static func parse(_ data: Data) throws(RequestError) -> JSONValue {
        guard !data.isEmpty else { throw .badJSON("the body is empty; a JSON object was expected") }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .badJSON("the body is not valid JSON")
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
