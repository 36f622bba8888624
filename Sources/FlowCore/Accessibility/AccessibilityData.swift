/// What the backend says a screen reader should read for a widget or a button (CONTRACT §5,
/// `accessibility`): `{label, hint, role, hidden}`, every member optional.
///
/// The backend sends it where the content alone reads badly: a price with the old price
/// before it, a rating as "4.3 out of 5", a countdown. Renderers derive a description from the
/// content when it is absent (FlowPresentation's `AccessibilityCatalog`), so it is a correction,
/// never a requirement.
public struct AccessibilityData: Sendable, Hashable, JSONDecodable {
    /// What the element is, as a screen reader announces it. An unknown role reads as none (the
    /// widget's own role is used), so a newer backend never costs an element.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        case button, link, header, image, text
    }

    /// Read instead of the label derived from the content.
    public var label: String?
    /// Read after a pause: what activating the element does.
    public var hint: String?
    public var role: Role?
    /// Whether a screen reader skips the element (decoration, or content said elsewhere).
    public var isHidden: Bool

    public init(label: String? = nil, hint: String? = nil, role: Role? = nil, isHidden: Bool = false) {
        self.label = label
        self.hint = hint
        self.role = role
        self.isHidden = isHidden
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        _ = try node.object()
        self.init(
            label: try node.optional("label"),
            hint: try node.optional("hint"),
            role: try node.optional("role", as: String.self).flatMap(Role.init(rawValue:)),
            isHidden: try node.optional("hidden") ?? false
        )
    }
}

extension JSONNode {
    /// The member `accessibility`, decoded leniently: one of the wrong shape is ignored and
    /// reported (`malformed_payload`), so a bad description never costs the button or widget
    /// that carries it.
    func lenientAccessibility() -> AccessibilityData? {
        do {
            return try optional("accessibility")
        } catch {
            session?.report(.malformedPayload, path: path.appending("accessibility"),
                            message: "ignored 'accessibility': \(error.message)")
            return nil
        }
    }
}
