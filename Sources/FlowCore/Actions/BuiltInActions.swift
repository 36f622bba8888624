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
/// `endpoint` must be a path (`/v1/actions/favourite`); an absolute URL or another origin is
/// refused by the dispatcher, so that credentials never leave the backend's origin (§7).
public struct APIAction: Sendable, Hashable, JSONDecodable {
    public static let type = "api"
    public var endpoint: String
    /// HTTP method, upper-cased; `POST` by default.
    public var method: String

    public init(from node: JSONNode) throws(DecodingFailure) {
        endpoint = try node.require("endpoint")
        method = (try node.optional("method", as: String.self) ?? "POST").uppercased()
    }

    /// Whether `endpoint` is a plain absolute path on the serving origin: it starts with one
    /// `/`, has no scheme, no authority (`//host`), no backslash and no control characters.
    public var isSameOriginPath: Bool {
        guard endpoint.hasPrefix("/"), !endpoint.hasPrefix("//") else { return false }
        return !endpoint.unicodeScalars.contains { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
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
