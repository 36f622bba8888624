/// `toast {message, duration}`: a transient message; `duration` in seconds.
public struct ToastAction: Sendable, Hashable, JSONDecodable {
    public static let type = "toast"
    public var message: String
    public var duration: Double?

    public init(message: String, duration: Double? = nil) {
        self.message = message
        self.duration = duration
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        self.init(message: try node.require("message"), duration: try node.optional("duration"))
    }
}

/// `open_bottom_sheet {sheet}`: the sheet is kept as JSON and decoded when it opens.
public struct OpenBottomSheetAction: Sendable, Hashable, JSONDecodable {
    public static let type = "open_bottom_sheet"
    public var sheet: JSONValue

    public init(from node: JSONNode) throws(DecodingFailure) {
        sheet = try node.require("sheet", as: JSONObject.self).asValue
    }
}

/// `api {endpoint, method}`: a call to a path on the backend that served the page.
///
/// Decoding checks both: `endpoint` must be an `APIEndpoint` (an absolute path on the serving
/// origin), `method` one of a short allow-list, so that credentials never leave the backend's
/// origin and nothing but a method token reaches the request line (§7).
public struct APIAction: Sendable, Hashable, JSONDecodable {
    public static let type = "api"

    /// The methods an `api` action may use; `POST` by default.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        case post = "POST", get = "GET", put = "PUT", patch = "PATCH", delete = "DELETE"

        /// A method token from the allow-list, in any ASCII case; `nil` for anything else.
        public init?(token: String) {
            let bytes = Array(token.utf8)
            guard bytes.count <= 6, bytes.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }) else { return nil }
            self.init(rawValue: String(decoding: bytes.map { $0 & ~0x20 }, as: UTF8.self))
        }
    }

    public var endpoint: APIEndpoint
    public var method: Method

    public init(endpoint: APIEndpoint, method: Method = .post) {
        self.endpoint = endpoint
        self.method = method
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        let text: String = try node.require("endpoint")
        guard let endpoint = APIEndpoint(text) else {
            throw DecodingFailure(.invalidValue("endpoint '\(Self.excerpt(text))' is not an absolute path on the page's origin"), at: node.path.appending("endpoint"))
        }
        self.endpoint = endpoint
        if let token: String = try node.optional("method") {
            guard let method = Method(token: token) else {
                let allowed = Method.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingFailure(.invalidValue("method '\(Self.excerpt(token))' is not one of \(allowed)"), at: node.path.appending("method"))
            }
            self.method = method
        } else {
            method = .post
        }
    }

    /// At most the first 100 scalars of a server string, for a message.
    private static func excerpt(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > 100 else { return text }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(100))
        return String(cut) + "…"
    }
}

/// The built-in action type names of Flow-UI.
public enum BuiltInActionType {
    public static let toast = "toast"
    public static let dismiss = "dismiss"
    public static let refreshPage = "refresh_page"
    public static let openBottomSheet = "open_bottom_sheet"
    public static let api = "api"
}

extension JSONObject {
    /// This object as a `JSONValue`.
    public var asValue: JSONValue { .object(self) }
}
