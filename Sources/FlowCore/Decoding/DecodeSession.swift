import Foundation

/// The state of one decode: the catalog, the diagnostics so far, and the identity index
/// being built. Lives for one page (or one mutation batch) on one thread, so it is a plain
/// class, never shared.
final class DecodeSession {
    let catalog: WidgetCatalog
    private(set) var diagnostics: [Diagnostic] = []
    var identity: PageIdentity
    /// The composition sections decoded now come from (`SectionModel.requestID`).
    var requestID: String?
    /// What is being decoded, whole: the ids it declares are found only when a duplicate has
    /// to be renamed (rare), so the common case pays nothing.
    var payload: JSONValue? {
        didSet { declaredIDs = nil }
    }
    private var declaredIDs: Set<ExactString>?
    /// The type of the widget whose content is being decoded, for diagnostics raised inside it.
    private var currentWidgetType: String?
    /// The addressable widget whose content (or fallback) is being decoded.
    private var currentOwner: String?

    init(catalog: WidgetCatalog, identity: PageIdentity = PageIdentity()) {
        self.catalog = catalog
        self.identity = identity
    }

    func report(_ kind: Diagnostic.Kind, path: CodingPath, widgetType: String? = nil, message: String) {
        diagnostics.append(Diagnostic(kind: kind, path: path.description, widgetType: widgetType ?? currentWidgetType, message: message))
    }

    /// Reports what the parser contained (repeated keys, out-of-range numbers, over-deep
    /// values) at the paths where they sit; `root` names a document whose top level has no
    /// key of its own (an action response).
    func report(_ parsed: ParsedJSON, under root: String? = nil) {
        for problem in parsed.problems {
            var path = root.map { CodingPath(root: $0) }
            for component in problem.path {
                if let current = path {
                    path = current.appending(component)
                } else if case .key(let key) = component {
                    path = CodingPath(root: key)
                }
            }
            diagnostics.append(Diagnostic(kind: .malformedPayload, path: path?.description ?? "", message: problem.description))
        }
        if parsed.problemCount > parsed.problems.count {
            diagnostics.append(Diagnostic(kind: .malformedPayload, path: root ?? "", message:
                "\(parsed.problemCount - parsed.problems.count) more values like those above were contained and are not listed"))
        }
    }

    /// Every string `id` an object of the payload declares, found once, without recursion
    /// (the parser already bounds the depth).
    private func reservedIDs() -> Set<ExactString> {
        if let declaredIDs { return declaredIDs }
        var found = Set<ExactString>()
        var pending = payload.map { [$0] } ?? []
        while let value = pending.popLast() {
            switch value {
            case .object(let object):
                if case .string(let id)? = object["id"] { found.insert(ExactString(id)) }
                for member in object { pending.append(member.value) }
            case .array(let elements):
                pending.append(contentsOf: elements)
            default:
                break
            }
        }
        declaredIDs = found
        return found
    }

    func append(_ more: [Diagnostic]) {
        diagnostics += more
    }

    /// Decodes an optional envelope member leniently: a wrong type is reported and the
    /// member is ignored, so one bad key never costs its element.
    func lenient<Value: JSONDecodable>(_ key: String, in object: JSONObject, at path: CodingPath, widgetType: String? = nil) -> Value? {
        guard let member = object[key], !member.isNull else { return nil }
        if let decoded = Value.decodedWithoutNode(member) { return decoded }
        do {
            return try Value(from: JSONNode(value: member, base: path, leaf: .key(key), session: self))
        } catch {
            report(.malformedPayload, path: path.appending(key), widgetType: widgetType, message: "ignored '\(key)': \(error.message)")
            return nil
        }
    }

    /// The `expires_at` of a widget or section. One that cannot be read is taken as passed
    /// (fail closed): content the backend meant to end must not stay on screen for ever.
    func expiry(in object: JSONObject, at path: CodingPath, widgetType: String? = nil) -> Date? {
        guard let member = object["expires_at"], !member.isNull else { return nil }
        do {
            return try Date(from: JSONNode(value: member, base: path, leaf: .key("expires_at"), session: self))
        } catch {
            report(.malformedPayload, path: path.appending("expires_at"), widgetType: widgetType,
                   message: "'expires_at' taken as passed: \(error.message)")
            return .distantPast
        }
    }

    // MARK: Widgets

    /// Decodes one widget element; `nil` when it is dropped (not an object, no `type`).
    ///
    /// `slot` is set for widgets that mutations can address; `allowsFallback` is false for a
    /// fallback itself, whose own fallback is ignored.
    func decodeWidget(_ value: JSONValue, at path: CodingPath, slot: WidgetSlot? = nil, allowsFallback: Bool = true) -> WidgetModel? {
        guard case .object(let object) = value else {
            report(.droppedElement, path: path, message: "dropped: expected a widget object, found \(value.typeName)")
            return nil
        }
        guard let typeValue = object["type"], !typeValue.isNull else {
            report(.droppedElement, path: path, message: "dropped: missing required key 'type'")
            return nil
        }
        guard case .string(let type) = typeValue, !type.isEmpty else {
            report(.droppedElement, path: path, message: "dropped: 'type' must be a non-empty string, found \(typeValue.typeName)")
            return nil
        }

        let id = claimID(object["id"], type: type, path: path)
        if let slot { identity.setSlot(slot, for: id) }
        // Nested widgets and fallbacks remember the addressable widget that holds them.
        if slot == nil, let currentOwner { identity.setOwner(currentOwner, of: id) }
        let outerOwner = currentOwner
        if slot != nil { currentOwner = id }
        defer { currentOwner = outerOwner }

        let layout: WidgetLayout? = lenient("layout", in: object, at: path, widgetType: type)
        let content = decodeContent(object["data"], type: type, path: path)
        let actions = decodeActions(object["actions"], path: path, widgetType: type)
        let tracking: JSONObject = lenient("tracking", in: object, at: path, widgetType: type) ?? JSONObject()
        let impression: ImpressionRule = lenient("impression", in: object, at: path, widgetType: type) ?? .standard
        let accessibility: AccessibilityData? = lenient("accessibility", in: object, at: path, widgetType: type)
        for problem in accessibility?.readingProblems ?? [] {
            report(.malformedPayload, path: path.appending("accessibility"), widgetType: type, message: problem)
        }
        let (requires, invalidRequirements) = decodeRequirements(in: object, at: path, widgetType: type)
        let expiresAt = expiry(in: object, at: path, widgetType: type)

        var fallback: WidgetModel?
        if allowsFallback, let fallbackValue = object["fallback"], !fallbackValue.isNull {
            fallback = decodeWidget(fallbackValue, at: path.appending("fallback"), allowsFallback: false)
        }

        return WidgetModel(
            id: id, type: type, layout: layout, content: content, actions: actions, tracking: tracking,
            impression: impression, accessibility: accessibility, requires: requires, invalidRequirements: invalidRequirements,
            expiresAt: expiresAt, path: path, source: object, fallback: fallback)
    }

    private func claimID(_ value: JSONValue?, type: String, path: CodingPath) -> String {
        var proposed: String
        switch value {
        case .string(let id) where !id.isEmpty:
            proposed = id
        case nil, .null?:
            proposed = "\(type)@\(path)"
        case let other?:
            proposed = "\(type)@\(path)"
            report(.malformedPayload, path: path.appending("id"), widgetType: type,
                   message: "ignored 'id': expected a non-empty string, found \(other.typeName); using '\(proposed)'")
        }
        let (id, renamed) = identity.claimWidgetID(proposed, reserved: reservedIDs)
        if renamed {
            report(.duplicateID, path: path, widgetType: type, message: "duplicate id '\(proposed)' renamed '\(id)'")
        }
        return id
    }

    private func decodeContent(_ data: JSONValue?, type: String, path: CodingPath) -> WidgetContentState {
        guard catalog.contains(type) else {
            report(.unknownType, path: path, widgetType: type, message: "unknown widget type '\(type)'")
            return .unknown
        }
        var dataValue = JSONValue.object(JSONObject())
        if let data, !data.isNull { dataValue = data }
        let outerType = currentWidgetType
        currentWidgetType = type
        defer { currentWidgetType = outerType }
        do {
            let node = JSONNode(value: dataValue, base: path, leaf: .key("data"), session: self)
            guard let content = try catalog.decode(type: type, data: node) else { return .unknown }
            return .decoded(content)
        } catch {
            report(.malformedPayload, path: path, widgetType: type, message: error.message)
            return .malformed(error)
        }
    }

    private func decodeActions(_ value: JSONValue?, path: CodingPath, widgetType: String) -> WidgetActions {
        guard let value, !value.isNull else { return WidgetActions() }
        guard case .object(let object) = value else {
            report(.malformedPayload, path: path.appending("actions"), widgetType: widgetType,
                   message: "ignored 'actions': expected an object, found \(value.typeName)")
            return WidgetActions()
        }
        var entries: [(event: String, action: ActionData)] = []
        entries.reserveCapacity(object.count)
        for member in object {
            // `null` counts as absent, as everywhere in the contract: no action, no report.
            if member.value.isNull { continue }
            if case .object(let actionObject) = member.value, let action = ActionData(object: actionObject) {
                entries.append((member.key, action))
            } else {
                report(.droppedElement, path: path.appending("actions").appending(member.key), widgetType: widgetType,
                       message: "dropped action '\(member.key)': expected an object with a string 'type'")
            }
        }
        return WidgetActions(entries)
    }

    func decodeRequirements(in object: JSONObject, at path: CodingPath, widgetType: String?) -> (Requirements?, String?) {
        guard let value = object["requires"], !value.isNull else { return (nil, nil) }
        do {
            return (try Requirements(from: JSONNode(value: value, path: path.appending("requires"), session: self)), nil)
        } catch {
            // Requirements that cannot be read cannot be met: the node is treated as incompatible.
            report(.malformedPayload, path: path.appending("requires"), widgetType: widgetType, message: error.message)
            return (nil, error.message)
        }
    }

    // MARK: Sections and strips

    /// Decodes one section element; `nil` when it is dropped (not an object).
    func decodeSection(_ value: JSONValue, at path: CodingPath) -> SectionModel? {
        guard case .object(let object) = value else {
            report(.droppedElement, path: path, message: "dropped: expected a section object, found \(value.typeName)")
            return nil
        }
        let id = claimSectionID(object["id"], path: path)
        let layout = decodeSectionLayout(object["layout"], path: path.appending("layout"))
        var header: WidgetModel?
        if let headerValue = object["header"], !headerValue.isNull {
            header = decodeWidget(headerValue, at: path.appending("header"), slot: .sectionHeader(id))
        }
        let widgets = decodeWidgetArray(object["widgets"], at: path.appending("widgets"), slot: .sectionBody(id))
        let tracking: JSONObject = lenient("tracking", in: object, at: path) ?? JSONObject()
        let (requires, invalidRequirements) = decodeRequirements(in: object, at: path, widgetType: nil)
        var fallback: WidgetModel?
        if let fallbackValue = object["fallback"], !fallbackValue.isNull {
            fallback = decodeWidget(fallbackValue, at: path.appending("fallback"), allowsFallback: false)
        }
        let expiresAt = expiry(in: object, at: path)
        return SectionModel(
            id: id, layout: layout, header: header, widgets: widgets, tracking: tracking, requires: requires,
            invalidRequirements: invalidRequirements, fallback: fallback, expiresAt: expiresAt, path: path, source: object,
            requestID: requestID)
    }

    private func claimSectionID(_ value: JSONValue?, path: CodingPath) -> String {
        var proposed = "section@\(path)"
        if case .string(let id)? = value, !id.isEmpty {
            proposed = id
        } else if let value, !value.isNull {
            report(.malformedPayload, path: path.appending("id"), message: "ignored 'id': expected a non-empty string, found \(value.typeName)")
        }
        let (id, renamed) = identity.claimSectionID(proposed, reserved: reservedIDs)
        if renamed {
            report(.duplicateID, path: path, message: "duplicate section id '\(proposed)' renamed '\(id)'")
        }
        return id
    }

    private func decodeSectionLayout(_ value: JSONValue?, path: CodingPath) -> SectionLayout {
        guard let value, !value.isNull else { return .vertical }
        let node = JSONNode(value: value, path: path, session: self)
        do {
            _ = try node.object()
            var layout = SectionLayout(
                columns: try node.optionalCount("columns", clampedTo: CosmeticLimits.columns) ?? 2,
                itemSpacing: try node.optional("item_spacing", clampedTo: 0...CosmeticLimits.length) ?? 0,
                insets: try node.optional("insets") ?? .zero)
            if let name: String = try node.optional("arrangement") {
                if let arrangement = SectionLayout.Arrangement(rawValue: name) {
                    layout.arrangement = arrangement
                } else {
                    report(.unknownArrangement, path: path.appending("arrangement"),
                           message: "unknown arrangement '\(name)' rendered as vertical")
                }
            }
            return layout
        } catch {
            report(.malformedPayload, path: path, message: "ignored 'layout': \(error.message)")
            return .vertical
        }
    }

    /// Decodes a lossy array of widgets; a member that is not an array is reported and empty.
    func decodeWidgetArray(_ value: JSONValue?, at path: CodingPath, slot: WidgetSlot?) -> [WidgetModel] {
        guard let value, !value.isNull else { return [] }
        guard case .array(let elements) = value else {
            report(.malformedPayload, path: path, message: "ignored: expected an array of widgets, found \(value.typeName)")
            return []
        }
        var widgets: [WidgetModel] = []
        widgets.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let widget = decodeWidget(element, at: path.appending(index), slot: slot) {
                widgets.append(widget)
            }
        }
        return widgets
    }

    /// Decodes a page header or footer, `{sticky = true, widgets}`.
    func decodeStrip(_ value: JSONValue?, at path: CodingPath, slot: WidgetSlot) -> StripModel? {
        guard let value, !value.isNull else { return nil }
        guard case .object(let object) = value else {
            report(.malformedPayload, path: path, message: "ignored: expected an object, found \(value.typeName)")
            return nil
        }
        let sticky: Bool = lenient("sticky", in: object, at: path) ?? true
        return StripModel(isSticky: sticky, widgets: decodeWidgetArray(object["widgets"], at: path.appending("widgets"), slot: slot))
    }
}
