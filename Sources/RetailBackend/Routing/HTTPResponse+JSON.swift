import Foundation

extension HTTPResponse {
    /// A JSON response; the body is copied once into `Data`.
    static func json(status: Int = 200, bytes: [UInt8], headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
            body: Data(bytes)
        )
    }

    static func json(status: Int = 200, _ value: JSONValue) -> HTTPResponse {
        json(status: status, bytes: JSONWriter.encode(value))
    }
}
