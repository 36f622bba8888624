import Foundation

extension PageDecoder {
    /// Decodes a next page (`{"page": …}` answering a `postback`) and appends its sections to
    /// `page`. Sections continue the page's coding paths (`page.sections.<n>`), and ids are
    /// claimed against the page's identity index, so they stay unique after the merge. The
    /// page's header, footer and nav stay; pagination becomes the next page's.
    public func appendNextPage(_ data: Data, to page: inout PageModel) throws(PageDecodingError) -> [Diagnostic] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw .invalidJSON(error)
        }
        guard case .object(let object)? = root["page"] else { throw .missingRoot("page") }
        if let version = object["schema_version"]?.intValue, version > Self.supportedSchemaVersion {
            throw .unsupportedSchema(version: version, supported: Self.supportedSchemaVersion)
        }
        let session = DecodeSession(catalog: catalog)
        swap(&session.identity, &page.identity)
        let path = CodingPath(root: "page")
        let added = decodeSections(object["sections"], at: path.appending("sections"), offset: page.sections.count, session: session)
        page.sections.append(contentsOf: added)
        session.identity.reindexSections(page.sections)
        page.pagination = session.lenient("pagination", in: object, at: path) ?? Pagination(hasMore: false)
        swap(&session.identity, &page.identity)
        return session.diagnostics
    }
}
