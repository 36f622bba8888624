import Foundation

/// A user name or password in a URL (`http://user:password@host/`): the client never sends
/// one (libcurl and URLSession would send it as Basic authentication to that host, and to
/// where it redirects), never keys a cache with one, and never repeats one in a message.
public enum URLCredentials {
    /// Whether `url` carries a user name or a password (even an empty one: `http://@host/`
    /// and `http://:@host/` are refused alike).
    public static func present(in url: URL) -> Bool {
        if url.user != nil || url.password != nil { return true }
        return authority(of: Array(url.absoluteString.utf8)).map { $0.contains(UInt8(ascii: "@")) } ?? false
    }

    /// `text`, a URL or what was meant as one, with what stands before the host's `@` replaced
    /// by `***`: what a message may repeat of it.
    public static func redacted(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let range = authorityRange(of: bytes), let at = bytes[range].lastIndex(of: UInt8(ascii: "@")) else { return text }
        return String(decoding: bytes[..<range.lowerBound] + Array("***".utf8) + bytes[at...], as: UTF8.self)
    }

    /// The bytes between `scheme://` and the first `/`, `?` or `#` after it.
    private static func authority(of bytes: [UInt8]) -> ArraySlice<UInt8>? {
        authorityRange(of: bytes).map { bytes[$0] }
    }

    private static func authorityRange(of bytes: [UInt8]) -> Range<Int>? {
        let separator = Array("://".utf8)
        guard bytes.count >= separator.count,
            let start = (0...(bytes.count - separator.count)).first(where: { bytes[$0..<($0 + separator.count)].elementsEqual(separator) })
        else { return nil }
        let lower = start + separator.count
        let upper = bytes[lower...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        return lower..<upper
    }
}
