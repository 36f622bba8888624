import FlowCore
import Foundation

/// What an `api` action posts besides the action itself (CONTRACT §7).
public struct ActionCallContext: Sendable, Hashable {
    public var pageID: String
    /// The `request_id` of the page the widget was on, when a page is loaded.
    public var requestID: String?
    /// The widget whose event fired the action.
    public var widgetID: String?
    /// The widget's local state (a stepper's count); `null` when it has none.
    public var value: JSONValue

    public init(pageID: String, requestID: String?, widgetID: String?, value: JSONValue) {
        self.pageID = pageID
        self.requestID = requestID
        self.widgetID = widgetID
        self.value = value
    }

    /// `{"action": <the whole action>, "page_id", "request_id", "widget_id", "value"}`.
    public func body(for action: ActionData) -> JSONValue {
        .object(JSONObject([
            (key: "action", value: action.object.asValue),
            (key: "page_id", value: .string(pageID)),
            (key: "request_id", value: requestID.map(JSONValue.string) ?? .null),
            (key: "widget_id", value: widgetID.map(JSONValue.string) ?? .null),
            (key: "value", value: value),
        ]))
    }
}

/// One `api` call, already checked: the endpoint is a path on the serving origin and the
/// method is from the allow-list. A transport sends exactly these, never the raw action's
/// members again (`APIEndpoint.url(on:)` makes the URL).
public struct ActionCall: Sendable, Hashable {
    public var action: ActionData
    /// A path on the backend that served the page (`/v1/actions/favourite`).
    public var endpoint: APIEndpoint
    public var method: APIAction.Method
    public var context: ActionCallContext

    public init(action: ActionData, endpoint: APIEndpoint, method: APIAction.Method, context: ActionCallContext) {
        self.action = action
        self.endpoint = endpoint
        self.method = method
        self.context = context
    }

    /// The compact JSON body to post.
    public var body: Data { JSONWriter.data(for: context.body(for: action)) }
}

/// Sends `api` calls and returns the action response bytes. Two implementations exist: the
/// host's HTTP client, and `LoaderActionTransport`, which routes calls through a `PageLoader`.
public protocol ActionTransport: Sendable {
    func send(_ call: ActionCall) async throws -> Data
}

/// Sends `api` calls as `PageRequest.Kind.action` through a `PageLoader`, so a host that
/// already has one loader needs nothing else. The request carries the checked call.
public struct LoaderActionTransport: ActionTransport {
    public let loader: any PageLoader

    public init(_ loader: any PageLoader) {
        self.loader = loader
    }

    public func send(_ call: ActionCall) async throws -> Data {
        try await loader.loadPage(PageRequest(pageID: call.context.pageID, kind: .action(call)))
    }
}
