import FlowCore
import FlowRuntime

/// What `vitrine lint` reports of a decoded page: every widget and section that survived
/// decoding, in document order, with its status, and every diagnostic (CONTRACT §11),
/// including every action the app would refuse (`refused_action`, by the app's own
/// `ActionPolicy`, the checks its dispatcher makes).
struct LintReport {
    let resolved: ResolvedPage
    let diagnostics: [Diagnostic]

    init(decoded: DecodedPage, context: EvaluationContext, policy: ActionPolicy, decoder: PageDecoder) {
        self.init(page: decoded.page, decodeDiagnostics: decoded.diagnostics, context: context, policy: policy, decoder: decoder)
    }

    init(page: PageModel, decodeDiagnostics: [Diagnostic], context: EvaluationContext, policy: ActionPolicy, decoder: PageDecoder) {
        resolved = page.resolve(in: context)
        diagnostics = decodeDiagnostics + resolved.diagnostics + policy.refusals(in: page, decoder: decoder)
    }

    // MARK: JSON

    /// The `--json` object.
    var json: JSONValue {
        var object = JSONObject()
        object["page_id"] = .string(resolved.page.id)
        object["request_id"] = .string(resolved.page.requestID)
        object["header"] = .array(resolved.header.map(Self.entry))
        object["sections"] = .array(resolved.sections.map(Self.entry))
        object["footer"] = .array(resolved.footer.map(Self.entry))
        object["diagnostics"] = .array(diagnostics.map(Self.entry))
        return .object(object)
    }

    static func entry(_ widget: ResolvedWidget) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(widget.widget.id)
        object["type"] = .string(widget.widget.type)
        object["status"] = .string(widget.status.rawValue)
        if widget.status == .fallback, let shown = widget.shown {
            object["shown_type"] = .string(shown.type)
        }
        // Its own items, shown or not: every widget that survived decoding is listed (§11).
        if !widget.ownNested.isEmpty {
            object["items"] = .array(widget.ownNested.map(entry))
        }
        if let fallback = widget.resolvedFallback {
            object["fallback"] = entry(fallback)
        }
        return .object(object)
    }

    static func entry(_ section: ResolvedSection) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(section.section.id)
        object["arrangement"] = .string(section.section.layout.arrangement.rawValue)
        object["status"] = .string(section.status.rawValue)
        object["header"] = section.header.map(entry) ?? .null
        object["widgets"] = .array(section.widgets.map(entry))
        if let fallback = section.shownFallback {
            object["shown_type"] = .string(fallback.type)
        }
        if let fallback = section.fallback {
            object["fallback"] = entry(fallback)
        }
        return .object(object)
    }

    static func entry(_ diagnostic: Diagnostic) -> JSONValue {
        var object = JSONObject()
        object["kind"] = .string(diagnostic.kind.rawValue)
        object["path"] = .string(diagnostic.path)
        object["widget_type"] = diagnostic.widgetType.map(JSONValue.string) ?? .null
        object["message"] = .string(diagnostic.message)
        return .object(object)
    }

    // MARK: Text

    /// The human-readable report, one line per widget, section and diagnostic; every
    /// payload string is made safe for a terminal.
    var lines: [String] {
        let safe = TerminalText.sanitized
        let page = resolved.page
        let shownSections = resolved.sections.filter(\.isShown).count
        var lines = ["page \(safe(page.id)) (request \(safe(page.requestID))): \(shownSections) of \(resolved.sections.count) sections shown, \(diagnostics.count) diagnostic\(diagnostics.count == 1 ? "" : "s")"]
        func widgetLines(_ widget: ResolvedWidget, indent: String, role: String = "") -> [String] {
            let shown = widget.status == .fallback ? " -> \(safe(widget.shown?.type ?? ""))" : ""
            let line = "\(indent)\(widget.status.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0))\(role)\(safe(widget.widget.id)) (\(safe(widget.widget.type))\(shown))"
            var lines = [line] + widget.ownNested.flatMap { widgetLines($0, indent: indent + "  ", role: "item ") }
            if let fallback = widget.resolvedFallback { lines += widgetLines(fallback, indent: indent + "  ", role: "fallback ") }
            return lines
        }
        if !resolved.header.isEmpty {
            lines.append("header")
            lines += resolved.header.flatMap { widgetLines($0, indent: "  ") }
        }
        for section in resolved.sections {
            let shown = section.shownFallback.map { " -> \(safe($0.type))" } ?? ""
            lines.append("section \(safe(section.section.id)) [\(section.section.layout.arrangement.rawValue)] \(section.status.rawValue)\(shown)")
            if let header = section.header { lines += widgetLines(header, indent: "  ", role: "header ") }
            lines += section.widgets.flatMap { widgetLines($0, indent: "  ") }
            if let fallback = section.fallback { lines += widgetLines(fallback, indent: "  ", role: "fallback ") }
        }
        if !resolved.footer.isEmpty {
            lines.append("footer")
            lines += resolved.footer.flatMap { widgetLines($0, indent: "  ") }
        }
        if !diagnostics.isEmpty {
            lines.append("diagnostics")
            lines += diagnostics.map { "  \(safe($0.description))" }
        }
        return lines
    }
}
