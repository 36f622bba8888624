import FlowCore

extension ActionPolicy {
    /// Every action in `page` that this policy refuses, as `refused_action` diagnostics with
    /// the path of the action object: the widgets' `actions` (page header and footer, section
    /// headers, bodies and fallbacks, with their nested widgets and fallbacks), every
    /// `action` member inside their data (buttons, tags, icons), the actions inside the sheets
    /// that `open_bottom_sheet` actions carry, and the nav bar's buttons. `tracking` is opaque
    /// and never searched. The diagnostics of decoding each sheet that would open come with
    /// them, at the sheet's path under its action.
    public func refusals(in page: PageModel, decoder: PageDecoder) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let root = CodingPath(root: "page")
        if let nav = page.nav {
            let navPath = root.appending("nav")
            if let action = nav.leftButton?.action {
                check(action, at: navPath.appending("left_button").appending("action"), widgetType: nil, decoder: decoder, into: &found)
            }
            for (index, button) in nav.rightButtons.enumerated() {
                guard let action = button.action else { continue }
                check(action, at: navPath.appending("right_buttons").appending(index).appending("action"), widgetType: nil, decoder: decoder, into: &found)
            }
        }
        var widgets = page.header?.widgets ?? []
        for section in page.sections {
            if let header = section.header { widgets.append(header) }
            widgets += section.widgets
            if let fallback = section.fallback { widgets.append(fallback) }
        }
        widgets += page.footer?.widgets ?? []
        for widget in widgets {
            scan(.object(widget.source), at: widget.path, widgetType: widget.type, decoder: decoder, into: &found)
        }
        return found
    }

    /// Walks a widget's JSON for actions. The path is a stack of steps, made into a
    /// `CodingPath` only where an action is found: most members hold none.
    private func scan(_ value: JSONValue, at base: CodingPath, widgetType: String, decoder: PageDecoder, into found: inout [Diagnostic]) {
        var steps: [CodingPath.Component] = []
        func path() -> CodingPath { steps.reduce(base) { $0.appending($1) } }
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let object):
                for member in object where !member.key.isByteEqual(to: "tracking") {
                    steps.append(.key(member.key))
                    defer { steps.removeLast() }
                    if member.key.isByteEqual(to: "actions"), case .object(let events) = member.value {
                        for event in events {
                            steps.append(.key(event.key))
                            defer { steps.removeLast() }
                            if case .object(let actionObject) = event.value, let action = ActionData(object: actionObject) {
                                check(action, at: path(), widgetType: widgetType, decoder: decoder, into: &found)
                            }
                            walk(event.value)
                        }
                    } else {
                        if member.key.isByteEqual(to: "action"), case .object(let actionObject) = member.value,
                            let action = ActionData(object: actionObject)
                        {
                            check(action, at: path(), widgetType: widgetType, decoder: decoder, into: &found)
                        }
                        walk(member.value)
                    }
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    steps.append(.index(index))
                    defer { steps.removeLast() }
                    walk(element)
                }
            default:
                break
            }
        }
        walk(value)
    }

    private func check(_ action: ActionData, at path: CodingPath, widgetType: String?, decoder: PageDecoder, into found: inout [Diagnostic]) {
        if let reason = refusal(for: action, decoder: decoder) {
            found.append(Diagnostic(kind: .refusedAction, path: path.description, widgetType: widgetType, message: "\(action.type): \(reason)"))
            return
        }
        // A sheet that opens is decoded when it does: what that decode drops or contains is
        // reported here too, under the action's path.
        guard action.type.isByteEqual(to: BuiltInActionType.openBottomSheet),
            let sheet = try? action.decode(OpenBottomSheetAction.self).sheet,
            let decoded = try? decoder.decodeSheet(sheet)
        else { return }
        let prefix = path.appending("sheet").description
        for diagnostic in decoded.diagnostics {
            var moved = diagnostic
            moved.path = diagnostic.path.utf8.starts(with: "sheet".utf8) ? prefix + String(decoding: diagnostic.path.utf8.dropFirst(5), as: UTF8.self) : prefix
            moved.message = Self.rooted(diagnostic.message, at: prefix)
            found.append(moved)
        }
    }

    /// `message` with the sheet's own paths (`at sheet.sections.0…`, as the sheet's decode
    /// wrote them) put under the action's (`at page.sections.3.…sheet.sections.0…`), so a
    /// reader finds the place the message names. Only the path right after "at " moves.
    static func rooted(_ message: String, at prefix: String) -> String {
        let marker = Array("at sheet".utf8)
        let bytes = Array(message.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + prefix.utf8.count)
        var index = 0
        while index < bytes.count {
            let end = index + marker.count
            if end <= bytes.count, index == 0 || bytes[index - 1] == UInt8(ascii: " "), bytes[index..<end].elementsEqual(marker),
                end == bytes.count || [UInt8(ascii: "."), UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: ",")].contains(bytes[end]) {
                result += Array("at ".utf8) + Array(prefix.utf8)
                index = end
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
