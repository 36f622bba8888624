import FlowCore

/// The schemes (and, optionally, hosts) the app opens deeplinks for (CONTRACT §7); anything
/// else is refused and reported. Checked on bytes: a deeplink is printable ASCII, its scheme
/// compared case-insensitively in ASCII, its host exactly.
public struct DeeplinkAllowList: Sendable, Hashable {
    /// Lower-case schemes (`vitrine`).
    public var schemes: Set<String>
    /// Hosts allowed after `scheme://`; empty allows any host of an allowed scheme.
    public var hosts: Set<String>

    public init(schemes: Set<String>, hosts: Set<String> = []) {
        self.schemes = Set(schemes.map { String(decoding: $0.utf8.map(Self.lowercased), as: UTF8.self) })
        self.hosts = hosts
    }

    /// Why `url` may not be opened, or `nil` when it may.
    public func refusal(for url: String) -> String? {
        let bytes = Array(url.utf8)
        guard !bytes.isEmpty else { return "deeplink is empty" }
        guard bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return "deeplink is not printable ASCII"
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            bytes[..<colon].allSatisfy({ Self.isSchemeByte($0) })
        else { return "deeplink has no scheme" }
        let scheme = String(decoding: bytes[..<colon].map(Self.lowercased), as: UTF8.self)
        guard schemes.contains(where: { $0.isByteEqual(to: scheme) }) else {
            return "deeplink scheme '\(scheme)' is not allowed"
        }
        guard !hosts.isEmpty else { return nil }
        let rest = bytes[(colon + 1)...]
        guard rest.starts(with: Array("//".utf8)) else { return "deeplink names no host" }
        let authority = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let host = String(decoding: authority, as: UTF8.self)
        guard hosts.contains(where: { $0.isByteEqual(to: host) }) else { return "deeplink host '\(host)' is not allowed" }
        return nil
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
