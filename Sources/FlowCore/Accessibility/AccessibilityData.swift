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

extension AccessibilityData {
    /// The most Unicode scalars of a label or hint a client reads (the schema's `maxLength`).
    public static let maximumScalars = 1_000

    /// What a client will not read as sent, for `vitrine lint` and the app's reports: a label
    /// or hint with nothing readable in it (white space, controls, invisible characters: read
    /// as absent) or longer than `maximumScalars` (cut there).
    public var readingProblems: [String] {
        [("label", label), ("hint", hint)].compactMap { name, text in
            guard let text else { return nil }
            let scalars = text.unicodeScalars
            if !scalars.contains(where: Self.isReadable) { return "'\(name)' has nothing readable in it: read as absent" }
            let count = scalars.count
            if count > Self.maximumScalars { return "'\(name)' is \(count) Unicode scalars: read cut at \(Self.maximumScalars)" }
            return nil
        }
    }

    /// Whether a screen reader says something for `scalar` (FlowPresentation's
    /// `AccessibilityText` rule): not white space, a C0 or C1 control, or an invisible
    /// default-ignorable character (the bidi controls are among them).
    static func isReadable(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return !(properties.isWhitespace || properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control)
    }
}

extension JSONNode {
    /// The member `accessibility`, decoded leniently: one of the wrong shape is ignored and
    /// reported (`malformed_payload`), so a bad description never costs the button or widget
    /// that carries it.
    func lenientAccessibility() -> AccessibilityData? {
        do {
            let data: AccessibilityData? = try optional("accessibility")
            for problem in data?.readingProblems ?? [] {
                session?.report(.malformedPayload, path: path.appending("accessibility"), message: problem)
            }
            return data
        } catch {
            session?.report(.malformedPayload, path: path.appending("accessibility"),
                            message: "ignored 'accessibility': \(error.message)")
            return nil
        }
    }
}
