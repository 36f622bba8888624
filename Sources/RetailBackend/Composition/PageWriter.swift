import FlowCore
import Foundation

/// One encoded page, split around the `request_id` value so that a cached page is served
/// by writing prefix, id, suffix.
struct EncodedPage: Sendable {
    /// `{"page":{"id":"…","request_id":"`
    let prefix: [UInt8]
    /// `","schema_version":1,…}}`
    let suffix: [UInt8]
    /// Over prefix and suffix, so it names the content and not the request.
    let etag: String
    /// The id of its `CompositionRecord`, which starts its request ids; empty for a page no
    /// record was made of (previews).
    var compositionID = ""

    /// The response body: one allocation (not zeroed first), three copies of contiguous bytes.
    func body(requestID: String) -> Data {
        var requestID = requestID
        return requestID.withUTF8 { id in
            let count = prefix.count + id.count + suffix.count
            guard count > 0, let out = malloc(count) else { return Data(prefix + Array(id) + suffix) }
            var offset = 0
            func put(_ part: UnsafeRawBufferPointer) {
                guard let start = part.baseAddress, part.count > 0 else { return }
                (out + offset).copyMemory(from: start, byteCount: part.count)
                offset += part.count
            }
            prefix.withUnsafeBytes(put)
            put(UnsafeRawBufferPointer(id))
            suffix.withUnsafeBytes(put)
            return Data(bytesNoCopy: out, count: count, deallocator: .free)
        }
    }
}

/// Encodes one page of a composition as the envelope of CONTRACT §1.
///
/// The first page carries `nav` and `header`, the last one `footer`; each page holds up to
/// `pageSize` sections and a `pagination` whose `postback.cursor` names the next offset.
enum PageWriter {
    /// Cache lifetime of a page, in seconds (`ttl` and `Cache-Control: max-age`).
    static let ttl = 60

    /// Written where the request id goes and cut out again. It starts with NUL, which the
    /// writer escapes as `\u0000` and which no composed text contains, so it is found once.
    private static let sentinel = "\u{0}request-id"

    static func encode(_ composition: Composition, offset: Int, pageSize: Int) -> EncodedPage {
        let end = min(composition.sections.count, offset + pageSize)
        let hasMore = end < composition.sections.count
        var page: [(String, JSONValue)] = [
            ("id", .string(composition.pageID)),
            ("request_id", .string(sentinel)),
            ("schema_version", 1),
            ("ttl", .integer(ttl)),
            ("experiments", .array(composition.experiments.map { ["id": .string($0.id), "variant": .string($0.variant)] })),
        ]
        if offset == 0, let nav = composition.nav { page.append(("nav", nav)) }
        if offset == 0, let header = composition.header { page.append(("header", header)) }
        page.append(("sections", .array(Array(composition.sections[min(offset, end)..<end]))))
        if !hasMore, let footer = composition.footer { page.append(("footer", footer)) }
        var pagination: [(String, JSONValue)] = [("has_more", .bool(hasMore))]
        if hasMore { pagination.append(("postback", ["cursor": .string(PageCursor.token(offset: end))])) }
        page.append(("pagination", .members(pagination)))
        page.append(("refresh", ["pull_to_refresh": true]))

        var writer = JSONWriter(reservingCapacity: 64 * 1024)
        writer.write(["page": .members(page)])
        let bytes = writer.bytes
        var marker = JSONWriter(reservingCapacity: 32)
        marker.write(string: sentinel)
        // The marker's quotes stay in prefix and suffix.
        let inner = Array(marker.bytes.dropFirst().dropLast())
        let cut = bytes.firstRange(of: inner) ?? bytes.endIndex..<bytes.endIndex
        let prefix = Array(bytes[..<cut.lowerBound])
        let suffix = Array(bytes[cut.upperBound...])
        let hash = StableHash.fnv1a64(bytes: suffix, seed: StableHash.fnv1a64(bytes: prefix))
        return EncodedPage(prefix: prefix, suffix: suffix, etag: "\"\(StableHash.hex(hash))\"")
    }
}
