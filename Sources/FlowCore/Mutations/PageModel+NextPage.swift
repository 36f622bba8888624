import Foundation

extension PageDecoder {
    /// Decodes a next page (`{"page": …}` answering a `postback`) and appends its sections to
    /// `page`. Sections continue the page's coding paths (`page.sections.<n>`), and ids are
    /// claimed against the page's identity index, so they stay unique after the merge. The
    /// page's header, footer and nav stay; pagination becomes the next page's.
    public func appendNextPage(_ data: Data, to page: inout PageModel) throws(PageDecodingError) -> [Diagnostic] {
        let parsed = try Self.parse(data)
        guard case .object(let object)? = parsed.value["page"] else { throw .missingRoot("page") }
        let session = DecodeSession(catalog: catalog)
        session.report(parsed)
        _ = try Self.schemaVersion(of: object, session: session)
        swap(&session.identity, &page.identity)
        let path = CodingPath(root: "page")
        let added = decodeSections(object["sections"], at: path.appending("sections"), session: session)
        let start = page.sections.count
        page.sections.append(contentsOf: added)
        session.identity.indexAppendedSections(page.sections, from: start)
        page.pagination = session.lenient("pagination", in: object, at: path) ?? Pagination(hasMore: false)
        swap(&session.identity, &page.identity)
        return session.diagnostics
    }
}
