import Foundation

/// Why a whole page (or sheet, or action response) was refused. Only an unreadable envelope
/// fails a whole page; everything inside it is contained (CONTRACT §1).
public enum PageDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not JSON.
    case invalidJSON(JSONParseError)
    /// The document has no object under the expected root key (`page`, `sheet`).
    case missingRoot(String)
    /// `schema_version` names a major version this client does not know.
    case unsupportedSchema(version: Int, supported: Int)
    /// A sheet whose members have the wrong JSON type.
    case invalidSheet(String)

    public var description: String {
        switch self {
        case .invalidJSON(let error): "not JSON: \(error)"
        case .missingRoot(let key): "no '\(key)' object at the top level"
        case .unsupportedSchema(let version, let supported):
            "unsupported schema_version \(version) (this client supports \(supported))"
        case .invalidSheet(let reason): "the sheet is refused: \(reason)"
        }
    }

    /// The diagnostic a tool reports for this refusal.
    public var diagnostic: Diagnostic {
        switch self {
        case .invalidJSON: Diagnostic(kind: .malformedPayload, path: "", message: description)
        case .missingRoot(let key): Diagnostic(kind: .malformedPayload, path: "", message: "no '\(key)' object at the top level")
        case .unsupportedSchema: Diagnostic(kind: .unsupportedSchema, path: "page.schema_version", message: description)
        case .invalidSheet: Diagnostic(kind: .malformedPayload, path: "sheet", message: description)
        }
    }
}

/// A decoded page and everything the decoder dropped or contained on the way.
public struct DecodedPage: Sendable {
    public var page: PageModel
    public var diagnostics: [Diagnostic]
}

/// Turns bytes into a `PageModel`, lossily and with diagnostics (CONTRACT §1–§8).
///
/// Value-typed and `Sendable`: decode off the main actor with a copy.
public struct PageDecoder: Sendable {
    /// The highest `schema_version` major this client understands.
    public static let supportedSchemaVersion = 1

    /// The widget types this decoder knows.
    public var catalog: WidgetCatalog
    /// Makes the `request_id` of a page that has none.
    public var makeRequestID: @Sendable () -> String

    public init(catalog: WidgetCatalog, makeRequestID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.catalog = catalog
        self.makeRequestID = makeRequestID
    }

    /// Decodes a `{"page": …}` document.
    public func decodePage(_ data: Data) throws(PageDecodingError) -> DecodedPage {
        let parsed = try Self.parse(data)
        guard case .object(let page)? = parsed.value["page"] else { throw .missingRoot("page") }
        let session = DecodeSession(catalog: catalog)
        session.report(parsed)
        let model = try decodePage(page, session: session)
        return DecodedPage(page: model, diagnostics: session.diagnostics)
    }

    /// Parses a document, or refuses it as `invalidJSON`. What valid JSON held that the tree
    /// cannot (a repeated key, an out-of-range number, an over-deep value) comes back as
    /// problems, for the session to report where they sit.
    static func parse(_ data: Data) throws(PageDecodingError) -> ParsedJSON {
        do {
            return try JSONParser.parseReportingProblems(data)
        } catch {
            throw .invalidJSON(error)
        }
    }

    /// The page's `schema_version` (1 when absent). Any number above the supported major,
    /// integral or not, refuses the page; a value that is not a number is reported and read as 1.
    static func schemaVersion(of page: JSONObject, session: DecodeSession) throws(PageDecodingError) -> Int {
        guard let value = page["schema_version"], !value.isNull else { return 1 }
        guard case .number(let number) = value else {
            session.report(.malformedPayload, path: CodingPath(root: "page").appending("schema_version"),
                           message: "ignored 'schema_version': expected an integer, found \(value.typeName)")
            return 1
        }
        if number > Double(supportedSchemaVersion) {
            let version = number < 1e15 ? Int(number.rounded(.down)) : Int.max
            throw .unsupportedSchema(version: max(version, supportedSchemaVersion + 1), supported: supportedSchemaVersion)
        }
        return Int(exactly: number) ?? supportedSchemaVersion
    }

    /// Decodes a parsed `{"page": …}` document.
    public func decodePage(document: JSONValue) throws(PageDecodingError) -> DecodedPage {
        guard case .object(let page)? = document["page"] else { throw .missingRoot("page") }
        let session = DecodeSession(catalog: catalog)
        let model = try decodePage(page, session: session)
        return DecodedPage(page: model, diagnostics: session.diagnostics)
    }

    func decodePage(_ object: JSONObject, session: DecodeSession) throws(PageDecodingError) -> PageModel {
        let root = CodingPath(root: "page")
        session.payload = .object(object)
        let schemaVersion = try Self.schemaVersion(of: object, session: session)

        let id: String = session.lenient("id", in: object, at: root) ?? "page@page"
        let requestID: String = session.lenient("request_id", in: object, at: root) ?? makeRequestID()
        session.requestID = requestID
        var ttl: Double = session.lenient("ttl", in: object, at: root) ?? 0
        if ttl < 0 || !ttl.isFinite { ttl = 0 }
        let experiments = lossyMember("experiments", of: Experiment.self, in: object, at: root, session: session)
        let nav: NavModel? = session.lenient("nav", in: object, at: root)

        let header = session.decodeStrip(object["header"], at: root.appending("header"), slot: .pageHeader)
        let sections = decodeSections(object["sections"], at: root.appending("sections"), session: session)
        let footer = session.decodeStrip(object["footer"], at: root.appending("footer"), slot: .pageFooter)
        let pagination: Pagination? = session.lenient("pagination", in: object, at: root)
        let refresh: RefreshOptions = session.lenient("refresh", in: object, at: root) ?? RefreshOptions()

        session.identity.reindexSections(sections)
        return PageModel(
            id: id, requestID: requestID, schemaVersion: schemaVersion, ttl: ttl, experiments: experiments, nav: nav,
            header: header, footer: footer, sections: sections, pagination: pagination, refresh: refresh,
            identity: session.identity)
    }

    /// Decodes a lossy array of sections. Their coding paths continue the page's numbering
    /// (`PageIdentity.nextSectionPathIndex`), so sections that arrive later, by a next page or
    /// a mutation, never take a positional id that an earlier section holds.
    func decodeSections(_ value: JSONValue?, at path: CodingPath, session: DecodeSession) -> [SectionModel] {
        guard let value, !value.isNull else { return [] }
        guard case .array(let elements) = value else {
            session.report(.malformedPayload, path: path, message: "ignored 'sections': expected an array, found \(value.typeName)")
            return []
        }
        let offset = session.identity.nextSectionPathIndex
        session.identity.nextSectionPathIndex += elements.count
        var sections: [SectionModel] = []
        sections.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let section = session.decodeSection(element, at: path.appending(offset + index)) {
                sections.append(section)
            }
        }
        return sections
    }

    private func lossyMember<Element: JSONDecodable>(
        _ key: String, of type: Element.Type, in object: JSONObject, at path: CodingPath, session: DecodeSession
    ) -> [Element] {
        guard let value = object[key], !value.isNull else { return [] }
        do {
            return try JSONNode(value: value, path: path.appending(key), session: session).lossyElements(of: Element.self)
        } catch {
            session.report(.malformedPayload, path: path.appending(key), message: "ignored '\(key)': \(error.message)")
            return []
        }
    }
}
