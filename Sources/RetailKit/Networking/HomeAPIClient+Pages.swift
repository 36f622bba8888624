import Foundation
import RetailContract

/// What a page request got: the page, or word that the cached copy is still current.
public enum PageFetch: Sendable, Hashable {
    /// A 200: the page's bytes, its `ETag` and `Cache-Control: max-age` (seconds).
    case page(Data, etag: String?, maxAge: Double?)
    /// A literal 304 to `If-None-Match`: the cached copy is current; `maxAge` renews it.
    case notModified(maxAge: Double?)
}

extension HomeAPIClient {
    /// The longest page id sent, in UTF-8 bytes.
    public static let maximumPageIDBytes = 256

    /// `GET /v1/home` (for `home`) or `GET /v1/pages/{id}`, with the profile's query, the
    /// `cursor` of a next page, and `If-None-Match` when a cached copy has an `ETag`.
    ///
    /// A page id is sent percent-encoded as one path segment (`.` and `..` too), so a
    /// server-sent id (`open_page`) cannot reach another path; ids with control characters or over
    /// `maximumPageIDBytes` are refused.
    public func page(_ pageID: String, cursor: String? = nil, ifNoneMatch etag: String? = nil) async throws -> PageFetch {
        guard Self.isValidPageID(pageID) else {
            throw HomeAPIError.refused("page id '\(pageID.clipped(toUTF8Bytes: 80))' is not a page id")
        }
        let path = pageID.utf8.elementsEqual("home".utf8) ? RetailRoutes.home : RetailRoutes.member(.pages, URLEncoding.pathSegment(pageID))
        var query = profileQuery
        if let cursor { query.append(("cursor", cursor)) }
        var headers: [(String, String)] = []
        if let etag, Self.isSendableHeaderValue(etag) { headers.append(("If-None-Match", etag)) }
        let reply = try await send(try Self.endpoint(path, query: query), headers: headers, session: .preferred)
        if reply.status == 304 {
            guard etag != nil else { throw HomeAPIError.undecodable("304 to a request without If-None-Match") }
            return .notModified(maxAge: reply.maxAge)
        }
        guard reply.isSuccess else { throw reply.statusError }
        return .page(reply.body, etag: reply.header("etag"), maxAge: reply.maxAge)
    }

    /// 1 to `maximumPageIDBytes` UTF-8 bytes, no control characters (C0, DEL, C1).
    public static func isValidPageID(_ pageID: String) -> Bool {
        (1...maximumPageIDBytes).contains(pageID.utf8.count)
            && pageID.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
    }

    /// Printable ASCII only, at most 1 KiB: an `ETag` that came back from the server is sent
    /// again only if it cannot break the header.
    static func isSendableHeaderValue(_ value: String) -> Bool {
        (1...1024).contains(value.utf8.count) && value.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
