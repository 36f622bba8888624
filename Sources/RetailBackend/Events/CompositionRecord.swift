import FlowCore
import Foundation

/// One composed page as shoppers were answered it, kept once per composed variant so that an
/// event can be joined to exactly what its shopper saw: every `request_id` the backend sends
/// starts with the composition's id (`<id>-<instance>-<n>`), and events carry the request id.
///
/// The id is the first 8 bytes of the SHA-256 of the page's bytes (without its request id),
/// its segment, locale and catalogue version, in hexadecimal: the same composition made again
/// (after a restart, at another instance) has the same id, so recording it again only moves
/// its `composedAt` on, and it is recorded when the page is composed, never on a page read.
/// Kept as long as events are (`StoreLimits.eventDays`) after it was last composed; search
/// results are not kept (any number of queries can be asked).
struct CompositionRecord: Sendable, Equatable {
    var id: String
    var pageID: String
    /// `CatalogueSnapshot.version` of the instance that composed it (`GET /v1/status`).
    var catalogueVersion: Int
    var segment: String
    var locale: String
    /// Milliseconds since 1970 on the backend's clock.
    var composedAt: Int64
    /// `{page_id, catalogue_version, segment, locale, offset, experiments: [{id, variant}],
    /// placements: [{section_id, campaign_id, experiment_id, experiment_variant, items:
    /// [{item_id, position, campaign_id}]}]}`.
    var body: String

    /// Hexadecimal digits of an id.
    static let idLength = 16

    /// The composition id a backend's request id starts with, or nil for any other request id
    /// (a bundled page's, a client-made one).
    static func id(inRequestID requestID: String) -> String? {
        let bytes = Array(requestID.utf8)
        guard bytes.count > idLength, bytes[idLength] == UInt8(ascii: "-"),
            bytes[..<idLength].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        else { return nil }
        return String(decoding: bytes[..<idLength], as: UTF8.self)
    }

    /// The index of the section a client's diagnostic path names (`page.sections.2.widgets.0`
    /// is 2), or nil.
    static func sectionIndex(inPath path: String?) -> Int? {
        guard let path else { return nil }
        let parts = path.utf8.split(separator: UInt8(ascii: "."), maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].elementsEqual("page".utf8), parts[1].elementsEqual("sections".utf8),
            (1...6).contains(parts[2].count), parts[2].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(String(decoding: parts[2], as: UTF8.self))
    }

    /// The record of one response page (`offset` onwards, at most `pageSize` sections) of
    /// `composition`, encoded as `page`.
    init(composition: Composition, page: EncodedPage, offset: Int, pageSize: Int, segment: String, locale: String,
         catalogueVersion: Int, at instant: Date) {
        var digestInput = page.prefix + page.suffix
        for part in [segment, locale, String(catalogueVersion)] {
            digestInput.append(0)
            digestInput.append(contentsOf: part.utf8)
        }
        let digest = Crypto.sha256(digestInput) ?? Array(repeating: 0, count: 8)
        id = Crypto.hex(Array(digest.prefix(Self.idLength / 2)))
        pageID = composition.pageID
        self.catalogueVersion = catalogueVersion
        self.segment = segment
        self.locale = locale
        composedAt = Int64((instant.timeIntervalSince1970 * 1000).rounded(.down))
        let end = min(composition.sections.count, offset + pageSize)
        let placements: [JSONValue] = composition.sections[min(offset, end)..<end].map(Self.placement)
        body = String(decoding: JSONWriter.data(for: .members([
            ("page_id", .string(composition.pageID)), ("catalogue_version", .integer(catalogueVersion)),
            ("segment", .string(segment)), ("locale", .string(locale)), ("offset", .integer(offset)),
            ("experiments", .array(composition.experiments.map { ["id": .string($0.id), "variant": .string($0.variant)] })),
            ("placements", .array(placements)),
        ])), as: UTF8.self)
    }

    init(id: String, pageID: String, catalogueVersion: Int, segment: String, locale: String, composedAt: Int64, body: String) {
        self.id = id
        self.pageID = pageID
        self.catalogueVersion = catalogueVersion
        self.segment = segment
        self.locale = locale
        self.composedAt = composedAt
        self.body = body
    }

    /// A section as the record keeps it: its tracking ids and each widget's item and position.
    private static func placement(_ section: JSONValue) -> JSONValue {
        let tracking = section["tracking"]
        let widgets = section["widgets"]?.arrayValue ?? []
        let items: [JSONValue] = widgets.enumerated().map { index, widget in
            let own = widget["tracking"]
            return .members([
                ("item_id", own?["item_id"] ?? widget["id"] ?? .null),
                ("position", own?["position"] ?? .integer(index)),
                ("campaign_id", own?["campaign_id"] ?? .null),
            ])
        }
        return .members([
            ("section_id", tracking?["section_id"] ?? section["id"] ?? .null),
            ("campaign_id", tracking?["campaign_id"] ?? .null),
            ("experiment_id", tracking?["experiment_id"] ?? .null),
            ("experiment_variant", tracking?["experiment_variant"] ?? .null),
            ("items", .array(items)),
        ])
    }
}
