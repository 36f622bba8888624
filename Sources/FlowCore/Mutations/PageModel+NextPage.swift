import Foundation

/// What merging a next page did: what its decode reported, and the composition it came from.
public struct NextPageMerge: Sendable {
    public var diagnostics: [Diagnostic]
    /// The next page's own `request_id` (its sections carry it as `SectionModel.requestID`).
    public var requestID: String
}

extension PageDecoder {
    /// Decodes a next page (`{"page": …}` answering a `postback`) and appends its sections to
    /// `page`. Sections continue the page's coding paths (`page.sections.<n>`), and ids are
    /// claimed against the page's identity index, so they stay unique after the merge. The
    /// page's header, footer and nav stay; pagination becomes the next page's, and its
    /// experiments join the page's. The new sections keep the next page's `request_id`.
    public func mergeNextPage(_ data: Data, into page: inout PageModel) throws(PageDecodingError) -> NextPageMerge {
        let parsed = try Self.parse(data)
        guard case .object(let object)? = parsed.value["page"] else { throw .missingRoot("page") }
        let session = DecodeSession(catalog: catalog)
        session.report(parsed)
        _ = try Self.schemaVersion(of: object, session: session)
        let path = CodingPath(root: "page")
        let requestID: String = session.lenient("request_id", in: object, at: path) ?? makeRequestID()
        session.requestID = requestID
        session.payload = .object(object)
        swap(&session.identity, &page.identity)
        let added = decodeSections(object["sections"], at: path.appending("sections"), session: session)
        let start = page.sections.count
        page.sections.append(contentsOf: added)
        session.identity.indexAppendedSections(page.sections, from: start)
        page.pagination = session.lenient("pagination", in: object, at: path) ?? Pagination(hasMore: false)
        if let value = object["experiments"], !value.isNull,
            let experiments = try? JSONNode(value: value, path: path.appending("experiments"), session: session).lossyElements(of: Experiment.self)
        {
            for experiment in experiments where !page.experiments.contains(experiment) { page.experiments.append(experiment) }
        }
        swap(&session.identity, &page.identity)
        return NextPageMerge(diagnostics: session.diagnostics, requestID: requestID)
    }

    /// `mergeNextPage(_:into:)`, returning only what the decode reported.
    public func appendNextPage(_ data: Data, to page: inout PageModel) throws(PageDecodingError) -> [Diagnostic] {
        try mergeNextPage(data, into: &page).diagnostics
    }
}
