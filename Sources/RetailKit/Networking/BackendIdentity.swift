import Foundation

/// Which backend the client talks to. Everything the client keeps is kept per backend: a
/// cached page (its cache key), and per shopper the cart journal, the analytics outbox and
/// the impression counts (their directory). A page cached from one server is never shown as
/// another's, and an operation or event made against one is never sent to another.
///
/// A backend is named by its origin (RFC 6454: scheme and host lower-cased, the port written
/// out), or, for one whose address changes every run though it is the same backend (the app's
/// embedded one, on an ephemeral port), by a stable name.
public struct BackendIdentity: Sendable, Hashable, CustomStringConvertible {
    /// `origin:http://127.0.0.1:8080` or `name:embedded`.
    public let rawValue: String

    /// The origin of an http(s) URL with a host; `nil` for anything else.
    public init?(origin url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        // An IPv6 literal keeps its brackets, as an origin writes it.
        let written = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        rawValue = "origin:\(scheme)://\(written):\(port)"
    }

    /// A backend known by a stable name: 1 to 64 bytes of `A-Z a-z 0-9 . _ -`.
    public init?(name: String) {
        guard UserID(name) != nil else { return nil }
        rawValue = "name:\(name)"
    }

    /// The app's embedded backend, whatever port it listens on this run.
    public static let embedded = BackendIdentity(name: "embedded")!

    public var description: String { rawValue }

    /// The directory of this backend's files under a shopper's: `b-` and a hash of the
    /// identity, never a part of it (an origin is no file name).
    public var directoryName: String {
        "b-" + StableHash.hex(StableHash.fnv1a64(Array("backend:".utf8) + Array(rawValue.utf8)))
    }

    public static func == (lhs: BackendIdentity, rhs: BackendIdentity) -> Bool {
        lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in rawValue.utf8 { hasher.combine(byte) }
    }
}
