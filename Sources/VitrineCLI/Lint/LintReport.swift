import CommandLineSupport
import FlowCore
import FlowRuntime
import RetailKit
import RetailPresentation
import RetailTerminal

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
    /// payload string is made safe for a terminal. In English: `vitrine lint`'s output, which
    /// scripts read.
    var lines: [String] { lines(words: nil) }

    /// The report in `words` (`vitrine preview`'s panel in the reader's language); `nil` is
    /// English. Widget types, ids and arrangements are the contract's names and stay as they
    /// are; the diagnostics' own messages are the decoder's, in English.
    func lines(words: Words?) -> [String] {
        let safe = TerminalText.sanitized
        let page = resolved.page
        let shownSections = resolved.sections.filter(\.isShown).count
        func word(_ key: Word, _ values: [String: String] = [:]) -> String {
            (words ?? Words(.enUS))(key, values)
        }
        let count = diagnostics.count
        // `vitrine lint`'s first line is a format scripts read: it stays as it was.
        let summary = words.map { words in
            let format = RetailFormat(words.locale)
            return words(.previewSummary, [
                "page": safe(page.id), "request": safe(page.requestID), "shown": format.number(shownSections),
                "total": format.number(resolved.sections.count),
            ]) + ", " + words.plural(.previewDiagnosticOne, .previewDiagnosticOther, count: count)
        } ?? "page \(safe(page.id)) (request \(safe(page.requestID))): \(shownSections) of \(resolved.sections.count) sections shown, \(count) diagnostic\(count == 1 ? "" : "s")"
        var lines = [summary]
        func status(_ status: WidgetStatus) -> String {
            switch status {
            case .ok: word(.previewStatusOk)
            case .fallback: word(.previewStatusFallback)
            case .unknown: word(.previewStatusUnknown)
            case .malformed: word(.previewStatusMalformed)
            case .incompatible: word(.previewStatusIncompatible)
            case .expired: word(.previewStatusExpired)
            }
        }
        func status(_ status: SectionStatus) -> String {
            switch status {
            case .ok: word(.previewStatusOk)
            case .fallback: word(.previewStatusFallback)
            case .incompatible: word(.previewStatusIncompatible)
            case .expired: word(.previewStatusExpired)
            case .empty: word(.previewStatusEmpty)
            }
        }
        func widgetLines(_ widget: ResolvedWidget, indent: String, role: String = "") -> [String] {
            let shown = widget.status == .fallback ? " -> \(safe(widget.shown?.type ?? ""))" : ""
            let line = "\(indent)\(status(widget.status).padding(toLength: 13, withPad: " ", startingAt: 0))\(role)\(safe(widget.widget.id)) (\(safe(widget.widget.type))\(shown))"
            var lines = [line] + widget.ownNested.flatMap { widgetLines($0, indent: indent + "  ", role: word(.previewRoleItem) + " ") }
            if let fallback = widget.resolvedFallback { lines += widgetLines(fallback, indent: indent + "  ", role: word(.previewRoleFallback) + " ") }
            return lines
        }
        if !resolved.header.isEmpty {
            lines.append(word(.previewHeader))
            lines += resolved.header.flatMap { widgetLines($0, indent: "  ") }
        }
        for section in resolved.sections {
            let shown = section.shownFallback.map { " -> \(safe($0.type))" } ?? ""
            lines.append("\(word(.previewSection)) \(safe(section.section.id)) [\(section.section.layout.arrangement.rawValue)] \(status(section.status))\(shown)")
            if let header = section.header { lines += widgetLines(header, indent: "  ", role: word(.previewRoleHeader) + " ") }
            lines += section.widgets.flatMap { widgetLines($0, indent: "  ") }
            if let fallback = section.fallback { lines += widgetLines(fallback, indent: "  ", role: word(.previewRoleFallback) + " ") }
        }
        if !resolved.footer.isEmpty {
            lines.append(word(.previewFooter))
            lines += resolved.footer.flatMap { widgetLines($0, indent: "  ") }
        }
        if !diagnostics.isEmpty {
            lines.append(word(.previewDiagnosticsHeading))
            lines += diagnostics.map { "  \(safe($0.description))" }
        }
        return lines
    }
}
