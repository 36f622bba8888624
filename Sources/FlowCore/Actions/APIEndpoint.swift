import Foundation

/// The endpoint of an `api` action, checked: an absolute path on the backend that served the
/// page, with an optional query (CONTRACT §7).
///
/// The check runs on the UTF-8 bytes against RFC 3986's grammar for `path-absolute [ "?"
/// query ]`: the first byte is `/` and the second is not (`//host` would name an authority),
/// and every byte is printable ASCII from the grammar's sets (unreserved, sub-delims, `:`,
/// `@`, `/`, and `?` in the query) or a `%` escape; anything else (a scheme, a backslash, a
/// fragment, a space, a control, any non-ASCII byte) refuses the endpoint. Checking bytes,
/// not `String` characters, matters: in `"//\u{FE0F}evil.example"` the second `/` and the
/// variation selector are one `Character`, which a `hasPrefix("//")` check misses while URL
/// parsers see the authority `evil.example`.
///
/// `url(on:)` is the one place where a final URL is made: the backend's scheme, host and port
/// with this path and query, never a resolution that could change the host.
public struct APIEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The path, percent-encoded as written (`/v1/actions/favourite`).
    public let path: String
    /// The query without its `?`, percent-encoded as written; `nil` without one.
    public let query: String?

    /// The longest endpoint accepted, in bytes.
    public static let maximumLength = 2048

    /// `text` if it is an absolute path (and query) by the grammar above; `nil` otherwise.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maximumLength, bytes.first == UInt8(ascii: "/") else { return nil }
        guard bytes.count < 2 || bytes[1] != UInt8(ascii: "/") else { return nil }
        var queryStart: Int?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, Self.isHexDigit(bytes[index + 1]), Self.isHexDigit(bytes[index + 2]) else { return nil }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "?") {
                if queryStart == nil { queryStart = index }
            } else if !Self.isPathByte(byte) {
                return nil
            }
            index += 1
        }
        if let queryStart {
            path = String(decoding: bytes[..<queryStart], as: UTF8.self)
            query = String(decoding: bytes[(queryStart + 1)...], as: UTF8.self)
        } else {
            path = text
            query = nil
        }
    }

    /// The endpoint as written.
    public var description: String { query.map { "\(path)?\($0)" } ?? path }

    /// The URL to call: `base`'s scheme, host and port, with this path and query. `nil` when
    /// `base` has no scheme or host. User and password of `base` are never carried over.
    public func url(on base: URL) -> URL? {
        guard let origin = URLComponents(url: base, resolvingAgainstBaseURL: false),
            let scheme = origin.scheme, let host = origin.host, !host.isEmpty
        else { return nil }
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = origin.port
        components.percentEncodedPath = path
        components.percentEncodedQuery = query
        // Foundation spells an IPv6 host with brackets in components, without them in `URL.host`.
        let bare = { (name: String) -> String in
            let bytes = name.utf8
            guard bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return name }
            return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
        }
        guard let url = components.url, let resolvedHost = url.host, bare(resolvedHost).isByteEqual(to: bare(host)) else { return nil }
        return url
    }

    /// unreserved / sub-delims / ":" / "@" / "/": the bytes a path (or query) may hold as is.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
