import Foundation

/// One change an `api` response asks for (CONTRACT §7). The payload stays JSON until the
/// mutation is applied, because ids and coding paths depend on the page it lands in.
public struct PageMutation: Sendable, Hashable {
    /// The mutation kinds, spelled as on the wire.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case replaceWidget = "replace_widget"
        case removeWidget = "remove_widget"
        case appendSections = "append_sections"
        case prependSections = "prepend_sections"
        case replaceSection = "replace_section"
        case removeSection = "remove_section"
        case replacePage = "replace_page"
    }

    public let kind: Kind
    /// The widget or section addressed (`replace_*`, `remove_*`).
    public let targetID: String?
    /// The new widget, section, sections or page.
    public let payload: JSONValue?

    public init(kind: Kind, targetID: String? = nil, payload: JSONValue? = nil) {
        self.kind = kind
        self.targetID = targetID
        self.payload = payload
    }

    /// Convenience: `replace_widget` of `id` with a widget object.
    public static func replaceWidget(_ id: String, with widget: JSONValue) -> PageMutation {
        PageMutation(kind: .replaceWidget, targetID: id, payload: widget)
    }

    /// Convenience: `remove_widget` of `id`.
    public static func removeWidget(_ id: String) -> PageMutation {
        PageMutation(kind: .removeWidget, targetID: id)
    }
}

extension PageMutation: JSONDecodable {
    public init(from node: JSONNode) throws(DecodingFailure) {
        let name: String = try node.require("kind")
        guard let kind = Kind(rawValue: name) else { throw node.invalid("unknown mutation kind '\(name)'") }
        switch kind {
        case .replaceWidget:
            self.init(kind: kind, targetID: try node.require("id"), payload: try node.require("widget", as: JSONObject.self).asValue)
        case .removeWidget, .removeSection:
            self.init(kind: kind, targetID: try node.require("id"))
        case .appendSections, .prependSections:
            self.init(kind: kind, payload: .array(try node.require("sections", as: [JSONValue].self)))
        case .replaceSection:
            self.init(kind: kind, targetID: try node.require("id"), payload: try node.require("section", as: JSONObject.self).asValue)
        case .replacePage:
            self.init(kind: kind, payload: try node.require("page", as: JSONObject.self).asValue)
        }
    }
}

/// How a batch of mutations applies.
public enum MutationMode: String, Sendable, Hashable {
    /// Apply what can be applied; report each mutation that finds no target.
    case partial
    /// Apply all or none.
    case transactional
}

/// The answer to an `api` action: mutations, how to apply them, and a toast.
public struct ActionResponse: Sendable {
    public var mode: MutationMode
    public var mutations: [PageMutation]
    public var toast: ToastAction?
    /// What decoding the response dropped.
    public var diagnostics: [Diagnostic]
}

extension PageDecoder {
    /// Decodes an `api` response. Mutations are lossy: one that cannot be read is dropped and
    /// reported, its siblings stay. An unknown `mode` reads as `partial` and is reported.
    public func decodeActionResponse(_ data: Data) throws(PageDecodingError) -> ActionResponse {
        let parsed = try Self.parse(data)
        guard case .object(let object) = parsed.value else { throw .missingRoot("mutations") }
        let path = CodingPath(root: "response")
        let session = DecodeSession(catalog: catalog)
        session.report(parsed, under: "response")
        var mode = MutationMode.partial
        if let name: String = session.lenient("mode", in: object, at: path) {
            if let known = MutationMode(rawValue: name) {
                mode = known
            } else {
                session.report(.malformedPayload, path: path.appending("mode"), message: "unknown mode '\(name)' applied as partial")
            }
        }
        var mutations: [PageMutation] = []
        if let value = object["mutations"], !value.isNull {
            do {
                mutations = try JSONNode(value: value, path: path.appending("mutations"), session: session).lossyElements()
            } catch {
                session.report(.malformedPayload, path: path.appending("mutations"), message: error.message)
            }
        }
        if mode == .transactional, let count = object["mutations"]?.arrayValue?.count, count != mutations.count {
            session.report(.mutationFailed, path: path.appending("mutations"),
                           message: "transaction refused: \(count - mutations.count) of \(count) mutations could not be read")
            mutations = []
        }
        let toast: ToastAction? = session.lenient("toast", in: object, at: path)
        return ActionResponse(mode: mode, mutations: mutations, toast: toast, diagnostics: session.diagnostics)
    }
}
