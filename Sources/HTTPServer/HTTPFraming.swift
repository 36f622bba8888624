import Foundation

/// The checks on a request head that libmicrohttpd 0.9.75 leaves out, made once all headers
/// are in and before a byte of the body is read (issue 12, item 9), after `HTTPHeadLayout`
/// has shown that the fields are the whole head.
///
/// libmicrohttpd frames a body by the first `Content-Length` and ignores the rest, treats any
/// `Transfer-Encoding` other than chunked as "read until the client closes", accepts HTTP/1.1
/// (and 1.2) without `Host`, any `Host` value, header names with spaces and targets with
/// spaces. Behind a proxy that frames differently, each of these lets one request hide another
/// inside its body, so all are refused, and the connection is closed after the answer.
enum HTTPFraming {
    /// The limits the head is held to.
    struct Limits: Sendable {
        var maxHeadBytes: Int
        var maxHeaderFields: Int
        var maxQueryArguments: Int
    }

    /// The answer for a head that must not be served, or nil for one that may. One pass over
    /// the fields and one over the target's bytes: this runs for every request.
    static func refusal(version: String, target: String, fields: [(name: String, value: String)], limits: Limits) -> HTTPResponse? {
        var target = target
        let (targetBytes, hasInvalidByte, queryArguments) = target.withUTF8 { bytes in
            var invalid = false
            var arguments = 0
            for byte in bytes {
                if byte <= 0x20 || byte == 0x7F { invalid = true }
                if arguments > 0 ? byte == UInt8(ascii: "&") : byte == UInt8(ascii: "?") { arguments += 1 }
            }
            return (bytes.count, invalid, arguments)
        }
        var headBytes = targetBytes
        var lengths = 0, lengthHasList = false
        var encodings: [String] = []
        var hosts = 0
        var host: String?
        for field in fields {
            headBytes += field.name.utf8.count + field.value.utf8.count + 4
            guard isToken(field.name) else {
                return HTTPFrontError.badRequest("invalid_header", "a header name must be a token (RFC 9110 §5.1), not '\(field.name.clipped(toUTF8Bytes: 40))'")
            }
            guard isValidValue(field.value) else {
                return HTTPFrontError.badRequest("invalid_header", "the value of '\(field.name.clipped(toUTF8Bytes: 40))' holds a control character")
            }
            if isNamed(field.name, "content-length") {
                lengths += 1
                if field.value.utf8.contains(UInt8(ascii: ",")) { lengthHasList = true }
            } else if isNamed(field.name, "transfer-encoding") {
                encodings.append(field.value)
            } else if isNamed(field.name, "host") {
                hosts += 1
                if host == nil { host = field.value }
            }
        }
        if targetBytes > limits.maxHeadBytes {
            return HTTPFrontError.response(status: 414, code: "uri_too_long", message: "the request target is longer than \(limits.maxHeadBytes) bytes")
        }
        if headBytes > limits.maxHeadBytes {
            return HTTPFrontError.response(status: 431, code: "headers_too_large", message: "the request head is larger than \(limits.maxHeadBytes) bytes")
        }
        if fields.count > limits.maxHeaderFields {
            return HTTPFrontError.response(status: 431, code: "headers_too_large", message: "the request has more than \(limits.maxHeaderFields) header fields")
        }
        guard version == "HTTP/1.0" || isHTTP1(version) else {
            return HTTPFrontError.response(status: 505, code: "http_version_not_supported", message: "the server speaks HTTP/1.0 and HTTP/1.1")
        }
        if hasInvalidByte {
            return HTTPFrontError.badRequest("invalid_target", "the request target holds a space or a control character")
        }
        if queryArguments > limits.maxQueryArguments {
            return HTTPFrontError.response(status: 414, code: "too_many_query_arguments", message: "at most \(limits.maxQueryArguments) query arguments")
        }
        // Even identical repeats: one reader may join them ("5, 5") and another take one.
        if lengths > 1 || lengthHasList {
            return HTTPFrontError.badRequest("conflicting_length", "the request has more than one Content-Length")
        }
        if !encodings.isEmpty {
            if lengths > 0 {
                return HTTPFrontError.badRequest("conflicting_length", "the request has both Content-Length and Transfer-Encoding")
            }
            let codings = encodings.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if codings != ["chunked"] {
                return HTTPFrontError.response(status: 501, code: "unsupported_transfer_encoding",
                                               message: "the only transfer coding accepted is chunked")
            }
        }
        if hosts > 1 || (hosts == 0 && version != "HTTP/1.0") {
            return HTTPFrontError.badRequest("invalid_host", "an HTTP/1.1 request needs exactly one Host header")
        }
        if let host, !HTTPHostField.isValid(host) {
            return HTTPFrontError.badRequest("invalid_host", "Host must be a name, an IPv4 address or a bracketed IPv6 address, with a port up to 65535")
        }
        return nil
    }

    /// The answer for trailer fields (after a chunked body) that must not be served: they are
    /// held to the rules and limits of header fields, and may not carry what frames or routes
    /// a request.
    static func trailerRefusal(_ fields: [(name: String, value: String)], limits: Limits) -> HTTPResponse? {
        let bytes = fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        if fields.count > limits.maxHeaderFields || bytes > limits.maxHeadBytes {
            return HTTPFrontError.response(status: 431, code: "headers_too_large",
                                           message: "the trailer has more than \(limits.maxHeaderFields) fields or \(limits.maxHeadBytes) bytes")
        }
        for field in fields {
            guard isToken(field.name), isValidValue(field.value) else {
                return HTTPFrontError.badRequest("invalid_trailer", "a trailer field must have a token name and a value without control characters")
            }
            let name = lowercasedToken(field.name)
            if trailerForbidden.contains(name) {
                return HTTPFrontError.badRequest("invalid_trailer", "'\(name)' may not be sent as a trailer field")
            }
        }
        return nil
    }

    /// Fields that frame, route or describe a request (RFC 9110 §6.5.1), never taken from a trailer.
    static let trailerForbidden: Set<String> = [
        "content-length", "transfer-encoding", "host", "connection", "trailer", "te", "expect",
        "content-type", "content-encoding", "content-range", "authorization", "x-vitrine-user", "idempotency-key",
    ]

    /// `HTTP/1.1` and the HTTP/1 minors after it, which a server answers as 1.1 (RFC 9110 §2.5).
    private static func isHTTP1(_ version: String) -> Bool {
        let bytes = version.utf8
        guard bytes.count == 8, bytes.starts(with: "HTTP/1.".utf8), let minor = bytes.last else { return false }
        return (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(minor)
    }

    /// No control character but the tab.
    static func isValidValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }

    /// Header fields by lower-cased name; repeated fields are joined with ", " (so a repeated
    /// single-valued header such as `X-Vitrine-User` fails its own format check).
    static func dictionary(_ fields: [(name: String, value: String)]) -> [String: String] {
        var headers: [String: String] = [:]
        for field in fields {
            let name = lowercasedToken(field.name)
            if let existing = headers[name] {
                headers[name] = existing + ", " + field.value
            } else {
                headers[name] = field.value
            }
        }
        return headers
    }

    /// Whether `name` is `lowercased` in any case of its ASCII letters, compared on bytes.
    static func isNamed(_ name: String, _ lowercased: String) -> Bool {
        matchesIgnoringCase(name.utf8, lowercased.utf8)
    }

    /// Whether `bytes` are `lowercased` in any case of their ASCII letters.
    static func matchesIgnoringCase(_ bytes: some Collection<UInt8>, _ lowercased: some Collection<UInt8>) -> Bool {
        bytes.count == lowercased.count
            && zip(bytes, lowercased).allSatisfy { $0 == $1 || ($0 >= 0x41 && $0 <= 0x5A && $0 | 0x20 == $1) }
    }

    /// A space or a tab: HTTP's optional whitespace (OWS, RFC 9110 §5.6.3).
    static func isOptionalWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// `bytes` without the optional whitespace at either end.
    static func trimmingOptionalWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        while start < end, isOptionalWhitespace(bytes[start]) { start += 1 }
        while end > start, isOptionalWhitespace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// A token (a header name) with its ASCII upper-case letters lowered; without a new
    /// allocation when it has none, or fits a small string (15 bytes and fewer, as most names).
    static func lowercasedToken(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return name }
        let count = name.utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            for (index, byte) in name.utf8.enumerated() {
                buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            }
            return count
        }
    }

    /// `tchar` of RFC 9110: visible ASCII except delimiters.
    static func isToken(_ name: String) -> Bool {
        !name.utf8.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}
