import Foundation

extension JSONValue {
    /// Parses a request body; the error says what is wrong and where.
    static func parse(_ data: Data) throws(RequestError) -> JSONValue {
        guard !data.isEmpty else { throw .badJSON("the body is empty; a JSON object was expected") }
        do {
            return try JSONParser.parse(data)
        } catch {
            throw .badJSON("the body is not valid JSON: \(error.reason) at byte \(error.offset)")
        }
    }

    /// Parses a JSON document (for tools and tests reading composed pages).
    public init(parsing data: Data) throws {
        self = try JSONParser.parse(data)
    }
}
