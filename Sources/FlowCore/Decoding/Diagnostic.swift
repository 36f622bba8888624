/// What a client dropped, contained or refused, so that backend teams can see it
/// (CONTRACT §11 lists the kinds; §9 sends each as a `contract_problem` event).
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem, spelled as on the wire.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case unknownType = "unknown_type"
        case malformedPayload = "malformed_payload"
        case droppedElement = "dropped_element"
        case duplicateID = "duplicate_id"
        case unknownArrangement = "unknown_arrangement"
        case incompatible
        case expired
        case unsupportedSchema = "unsupported_schema"
        case refusedAction = "refused_action"
        case mutationFailed = "mutation_failed"
    }

    public var kind: Kind
    /// Dotted coding path of the element concerned (`page.sections.0.widgets.2`).
    public var path: String
    /// The widget type involved, when there is one.
    public var widgetType: String?
    /// A readable sentence that names the failing key or value.
    public var message: String

    public init(kind: Kind, path: String, widgetType: String? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.widgetType = widgetType
        self.message = message
    }

    public var description: String {
        "\(kind.rawValue) at \(path)\(widgetType.map { " (\($0))" } ?? ""): \(message)"
    }
}
