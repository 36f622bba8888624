/// What a tap (or any widget event) asks for: `{"type": "...", …}`, kept whole.
///
/// The dispatcher routes on `type`; each handler decodes the payload it understands with
/// `decode(_:)`, so a new action type needs no change here (CONTRACT §7).
public struct ActionData: Sendable, Hashable, JSONDecodable {
    /// The action type (`toast`, `api`, `add_to_cart`, …).
    public let type: String
    /// The whole action object, `type` included.
    public let object: JSONObject

    /// An action from its whole object; `nil` without a string `type`.
    public init?(object: JSONObject) {
        guard let type = object["type"]?.stringValue, !type.isEmpty else { return nil }
        self.type = type
        self.object = object
    }

    /// An action of `type` with extra members.
    public init(type: String, _ members: [String: JSONValue] = [:]) {
        self.type = type
        var object = JSONObject([(key: "type", value: .string(type))])
        for key in members.keys.sorted() {
            object[key] = members[key]
        }
        self.object = object
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        let object = try node.object()
        guard object["type"] != nil else { throw DecodingFailure(.missingKey("type"), at: node.path) }
        guard let action = ActionData(object: object) else {
            throw DecodingFailure(.typeMismatch(expected: "a non-empty string", found: object["type"]?.typeName ?? "null"), at: node.path.appending("type"))
        }
        self = action
    }

    /// A member of the action object.
    public subscript(key: String) -> JSONValue? { object[key] }

    /// The typed payload of this action, for its handler.
    public func decode<Payload: JSONDecodable>(_ type: Payload.Type = Payload.self) throws(DecodingFailure) -> Payload {
        try Payload(from: JSONNode(value: .object(object), path: CodingPath(root: "action")))
    }
}

/// The actions a widget answers, by event name (`tap`, `long_press`, `change`, `add_to_cart`, …).
public struct WidgetActions: Sendable, Hashable {
    private var entries: [(event: String, action: ActionData)]

    public init(_ entries: [(event: String, action: ActionData)] = []) {
        self.entries = entries
    }

    /// The action for an event.
    public subscript(event: String) -> ActionData? {
        entries.first { $0.event.isByteEqual(to: event) }?.action
    }

    /// Event names, in document order.
    public var events: [String] { entries.map(\.event) }

    public var isEmpty: Bool { entries.isEmpty }

    public static func == (lhs: WidgetActions, rhs: WidgetActions) -> Bool {
        lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { $0.event.isByteEqual(to: $1.event) && $0.action == $1.action }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            entry.event.hashBytes(into: &hasher)
            hasher.combine(entry.action)
        }
    }
}
