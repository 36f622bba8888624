import Foundation

/// Encodes one page of a composition as the envelope of CONTRACT §1, split around the
/// `request_id` value so that a cached page is served by writing prefix, id, suffix.
///
/// The first page carries `nav` and `header`, the last one `footer`; each page holds up to
/// `pageSize` sections and a `pagination` whose `postback.cursor` names the next offset.
struct EncodedPage: Sendable {
    /// `{"page":{"id":"…","request_id":"`
    let prefix: [UInt8]
    /// `","schema_version":1,…}}`
    let suffix: [UInt8]
    /// Over prefix and suffix, so it names the content and not the request.
    let etag: String

    /// The response body: one allocation, three copies.
    func body(requestID: String) -> Data {
        var body = Data(capacity: prefix.count + suffix.count + requestID.utf8.count)
        body.append(contentsOf: prefix)
        body.append(contentsOf: requestID.utf8)
        body.append(contentsOf: suffix)
        return body
    }
}

enum PageWriter {
    /// Cache lifetime of a page, in seconds (`ttl` and `Cache-Control: max-age`).
    static let ttl = 60

    static func encode(_ composition: Composition, offset: Int, pageSize: Int) -> EncodedPage {
        var writer = JSONWriter(reservingCapacity: 64 * 1024)
        writer.write(rawPrefix: #"{"page":{"id":"#)
        writer.writeString(composition.pageID)
        writer.write(rawPrefix: #","request_id":""#)
        let prefix = writer.bytes

        var rest = JSONWriter(reservingCapacity: 64 * 1024)
        rest.write(rawPrefix: #"","schema_version":1,"ttl":"#)
        rest.write(rawPrefix: String(ttl))
        rest.write(rawPrefix: #","experiments":"#)
        rest.write(.array(composition.experiments.map { ["id": .string($0.id), "variant": .string($0.variant)] }))
        let isFirst = offset == 0
        let end = min(composition.sections.count, offset + pageSize)
        let hasMore = end < composition.sections.count
        if isFirst, let nav = composition.nav { rest.member("nav", nav) }
        if isFirst, let header = composition.header { rest.member("header", header) }
        rest.member("sections", .array(Array(composition.sections[min(offset, end)..<end])))
        if !hasMore, let footer = composition.footer { rest.member("footer", footer) }
        var pagination: [(String, JSONValue)] = [("has_more", .bool(hasMore))]
        if hasMore { pagination.append(("postback", ["cursor": .string(PageCursor.token(offset: end))])) }
        rest.member("pagination", .object(pagination))
        rest.member("refresh", ["pull_to_refresh": true])
        rest.write(rawPrefix: "}}")
        let suffix = rest.bytes
        let hash = StableHash.fnv1a64(bytes: suffix, seed: StableHash.fnv1a64(bytes: prefix))
        return EncodedPage(prefix: prefix, suffix: suffix, etag: "\"\(StableHash.hex(hash))\"")
    }
}

extension JSONWriter {
    mutating func write(rawPrefix text: String) {
        appendRaw(text)
    }

    mutating func member(_ key: String, _ value: JSONValue) {
        appendRaw(",")
        writeString(key)
        appendRaw(":")
        write(value)
    }
}
