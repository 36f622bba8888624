import FlowCore
import Foundation
import HTTPServer

extension HTTPResponse {
    /// A JSON response.
    static func json(status: Int = 200, body: Data, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: body)
    }

    static func json(status: Int = 200, _ value: JSONValue) -> HTTPResponse {
        json(status: status, body: JSONWriter.data(for: value))
    }
}
