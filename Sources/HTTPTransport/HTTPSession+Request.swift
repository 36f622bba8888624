import Foundation

extension HTTPSession {
    /// One request: a URL, a method, header fields in order and a body.
    public struct Request: Sendable {
        /// An absolute http(s) URL with a host and no credentials.
        public var url: URL
        /// The method, a token (`GET`, `POST`, `DELETE` …). Default `GET`.
        public var method: String
        /// The header fields, in the order they are sent; set them with `setValue`.
        public private(set) var headerFields: [(name: String, value: String)] = []
        /// The body, sent with its `Content-Length`; `nil` sends none.
        public var body: Data?

        public init(url: URL, method: String = "GET", body: Data? = nil) {
            self.url = url
            self.method = method
            self.body = body
        }

        /// Sets the field `name` to `value`, replacing a field of that name (names compare
        /// ASCII case-insensitively, as HTTP's do).
        public mutating func setValue(_ value: String, forHTTPHeaderField name: String) {
            headerFields.removeAll { Self.sameName($0.name, name) }
            headerFields.append((name, value))
        }

        /// The value of the field `name`, if set.
        public func value(forHTTPHeaderField name: String) -> String? {
            headerFields.first { Self.sameName($0.name, name) }?.value
        }

        /// Why this request cannot be sent, or `nil`: not an http(s) URL with a host, a URL
        /// carrying credentials (they would go out as Basic authentication and into logs), a
        /// method that is not a token, a header field that could end the header early.
        var refusal: String? {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = url.host, !host.isEmpty
            else { return "not an http(s) URL with a host" }
            if URLCredentials.present(in: url) { return "the URL carries credentials (user:password@)" }
            guard (1...32).contains(method.utf8.count), method.utf8.allSatisfy(Self.isTokenByte) else {
                return "the method is not an HTTP token"
            }
            for (name, value) in headerFields {
                guard (1...256).contains(name.utf8.count), name.utf8.allSatisfy(Self.isTokenByte) else {
                    return "a header field name is not an HTTP token"
                }
                // Visible bytes, spaces and tabs: no CR, LF or NUL could end the field early.
                guard value.utf8.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) || $0 >= 0x80 }) else {
                    return "the header field \(name) holds a control character"
                }
            }
            return nil
        }

        static func sameName(_ lhs: String, _ rhs: String) -> Bool {
            lhs.utf8.count == rhs.utf8.count && zip(lhs.utf8, rhs.utf8).allSatisfy { asciiLowercased($0) == asciiLowercased($1) }
        }

        static func asciiLowercased(_ byte: UInt8) -> UInt8 {
            (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
        }

        /// RFC 9110 `tchar`.
        static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}
