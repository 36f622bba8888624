import FlowCore
import Foundation
import HTTPServer

/// What a page request asks for, read from its query (CONTRACT §10) and headers.
public struct PageContext: Sendable, Hashable {
    public var locale: StoreLocale
    public var segment: Segment
    public var appVersion: AppVersion
    public var capabilities: Set<String>
    /// Section offset to start from (`cursor`); 0 for the first page.
    public var offset: Int
    /// The experiment unit: experiments assign variants by it. A request's session token
    /// (`Authorization: Bearer`), so a shopper sees one variant for the life of their session
    /// and at every instance.
    public var unit: String?
    /// Variants pinned by experiment id, in place of the assigned ones (tools that compose
    /// every variant, a preview of one arm; tests).
    public var variantOverrides: [String: String] = [:]

    public init(
        locale: StoreLocale = .enUS, segment: Segment = .returning, appVersion: AppVersion = Self.unknownVersion,
        capabilities: Set<String> = [], offset: Int = 0, unit: String? = nil
    ) {
        self.locale = locale
        self.segment = segment
        self.appVersion = appVersion
        self.capabilities = capabilities
        self.offset = offset
        self.unit = unit
    }

    /// The variants `rule` gives every request, in place of its session's.
    mutating func follow(_ rule: HomeBackend.VariantRule) {
        guard case .fixed(let pins) = rule else { return }
        unit = nil
        variantOverrides = pins
    }

    /// The version of a request that names none: older than every release, so it is sent
    /// nothing that requires a version.
    public static let unknownVersion = AppVersion(major: 0)

    /// The client as FlowCore's requirement checks see it.
    var client: ClientContext {
        ClientContext(appVersion: appVersion, capabilities: capabilities)
    }

    /// Whether the client can show what needs `requirements` (none: always).
    func passes(_ requirements: Requirements?) -> Bool {
        requirements?.isMet(by: client) ?? true
    }

    /// `userSegment`: returning when absent, a 400 when not a segment.
    static func parseSegment(_ request: HTTPRequest) throws(RequestError) -> Segment {
        guard let raw = request.queryValue("userSegment"), !raw.isEmpty else { return .returning }
        guard let segment = Segment(rawValue: raw) else {
            throw .badParameter("userSegment must be new, returning or vip, not '\(raw.clipped(toUTF8Bytes: 40))'")
        }
        return segment
    }

    /// `capabilities`: comma-separated names, spaces around each dropped, empty ones skipped.
    /// ASCII text (what clients send) is split on its bytes; other text by Characters, so that
    /// a comma or space that a combining mark follows stays part of its name.
    static func parseCapabilities(_ raw: String) -> Set<String> {
        var capabilities: Set<String> = []
        guard !raw.isEmpty else { return capabilities }
        // One name, nothing to trim (what the app sends): taken whole.
        if raw.utf8.allSatisfy({ $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: " ") && $0 < 0x80 }) {
            return [raw]
        }
        guard raw.utf8.allSatisfy({ $0 < 0x80 }) else {
            for piece in raw.split(separator: ",") {
                guard let first = piece.firstIndex(where: { $0 != " " }), let last = piece.lastIndex(where: { $0 != " " }) else {
                    continue
                }
                capabilities.insert(String(piece[first...last]))
            }
            return capabilities
        }
        for piece in raw.utf8.split(separator: UInt8(ascii: ",")) {
            guard let first = piece.firstIndex(where: { $0 != UInt8(ascii: " ") }),
                  let last = piece.lastIndex(where: { $0 != UInt8(ascii: " ") })
            else { continue }
            capabilities.insert(String(Substring(piece[first...last])))
        }
        return capabilities
    }

    /// Reads `locale`, `userSegment`, `appVersion`, `capabilities` and `cursor`, and the
    /// experiment unit: the session token the request carries, unchecked (bucketing needs a
    /// stable value, not a proven one, and a page must cost no database look-up).
    /// Missing values have defaults (en-US, returning, the oldest app, none, first page);
    /// present but invalid ones are a 400 that names the parameter.
    static func parse(_ request: HTTPRequest) throws(RequestError) -> PageContext {
        let locale = StoreLocale.resolve(request.queryValue("locale"))
        let segment = try parseSegment(request)
        var version = Self.unknownVersion
        if let raw = request.queryValue("appVersion"), !raw.isEmpty {
            guard let parsed = AppVersion(raw) else {
                throw .badParameter("appVersion must be a dotted version like 2.6.0, not '\(raw.clipped(toUTF8Bytes: 40))'")
            }
            version = parsed
        }
        let capabilities = parseCapabilities(request.queryValue("capabilities") ?? "")
        let offset = try PageCursor.offset(request.queryValue("cursor"))
        return PageContext(
            locale: locale, segment: segment, appVersion: version, capabilities: capabilities,
            offset: offset, unit: SessionToken.parse(authorization: request.header("authorization"))?.text)
    }
}
