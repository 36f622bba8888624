/// A route's path as literal and captured segments (`/v1/pages/{id}` is two literals and a
/// capture), matched against a request's raw path (`HTTPRequest.path`, not percent-decoded).
///
/// A raw path matches when it starts with `/`, its segments between `/`s are as many as the
/// pattern's, and each, percent-decoded, is non-empty, valid UTF-8 and holds no `/`; a literal
/// segment then matches a decoded segment of the same UTF-8 bytes (never canonical
/// equivalence: `cafe\u{301}` is not `café`), a capture any segment. So `/v1/home/` and
/// `//v1/home` match nothing, and `/v1/pages/a%2Fb` matches no pattern at all.
public struct HTTPPathPattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment of a pattern.
    public enum Segment: Sendable, Hashable {
        /// A segment of exactly these UTF-8 bytes (compared after percent-decoding).
        case literal([UInt8])
        /// Any segment, handed to the handler percent-decoded.
        case capture
    }

    /// The segments between `/`s, in path order.
    public let segments: [Segment]

    /// A pattern of the given segments; a literal segment is never empty and holds no `/`.
    public init(segments: [Segment]) {
        for case .literal(let bytes) in segments {
            precondition(!bytes.isEmpty && !bytes.contains(UInt8(ascii: "/")), "a literal path segment is non-empty and holds no '/'")
        }
        self.segments = segments
        description = "/" + segments.map { segment in
            switch segment {
            case .literal(let bytes): String(decoding: bytes, as: UTF8.self)
            case .capture: "{}"
            }
        }.joined(separator: "/")
    }

    /// The literal path `path` (`/v1/cart/items`): its segments between `/`s, as they are
    /// written (no percent-decoding).
    public init(_ path: String) {
        self.init(segments: path.utf8.split(separator: UInt8(ascii: "/")).map { .literal(Array($0)) })
    }

    /// This pattern with one more, captured, segment at its end (`/v1/cart/items/{…}`).
    public func capturing() -> HTTPPathPattern {
        HTTPPathPattern(segments: segments + [.capture])
    }

    /// The number of captured segments.
    public var captureCount: Int {
        segments.count { $0 == .capture }
    }

    /// `/v1/pages/{}`: the literals as text, a capture as `{}` (written once: every request's
    /// metrics and log line name their route by it).
    public let description: String

    /// The raw path that matches this pattern without decoding anything: nil when the pattern
    /// captures or a literal holds `%`.
    var plainPath: [UInt8]? {
        var path: [UInt8] = []
        for segment in segments {
            guard case .literal(let bytes) = segment, !bytes.contains(UInt8(ascii: "%")) else { return nil }
            path.append(UInt8(ascii: "/"))
            path += bytes
        }
        return path.isEmpty ? nil : path
    }

    /// The captured segments if `path` (decoded into `decoded` segments) matches.
    @usableFromInline
    func match(_ decoded: [[UInt8]]) -> [String]? {
        guard decoded.count == segments.count else { return nil }
        var captures: [String] = []
        for (segment, bytes) in zip(segments, decoded) {
            switch segment {
            case .literal(let literal):
                guard literal == bytes else { return nil }
            case .capture:
                captures.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        return captures
    }

    /// A raw path's segments, each percent-decoded, or nil when the path cannot match any
    /// pattern: it does not start with `/`, or a segment is empty, malformed (`%` without two
    /// hexadecimal digits), not UTF-8 once decoded, or holds an encoded `/`.
    @usableFromInline
    static func decodedSegments(of path: String) -> [[UInt8]]? {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        var segments: [[UInt8]] = []
        for raw in bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let segment = percentDecoded(raw), !segment.isEmpty, !segment.contains(UInt8(ascii: "/")) else { return nil }
            segments.append(segment)
        }
        return segments
    }

    /// Whether `text`'s UTF-8 bytes are `bytes`: lengths first, then the bytes in place.
    @usableFromInline
    static func bytes(of text: String, equal bytes: [UInt8]) -> Bool {
        guard text.utf8.count == bytes.count else { return false }
        if let equal = text.utf8.withContiguousStorageIfAvailable({ $0.elementsEqual(bytes) }) { return equal }
        return text.utf8.elementsEqual(bytes)
    }

    /// `raw` with each `%XX` replaced by its byte; nil for a `%` not followed by two hexadecimal
    /// digits or a result that is not UTF-8.
    static func percentDecoded(_ raw: Substring.UTF8View.SubSequence) -> [UInt8]? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index != raw.endIndex {
            let byte = raw[index]
            raw.formIndex(after: &index)
            guard byte == UInt8(ascii: "%") else {
                decoded.append(byte)
                continue
            }
            guard index != raw.endIndex, let high = hexValue(raw[index]) else { return nil }
            raw.formIndex(after: &index)
            guard index != raw.endIndex, let low = hexValue(raw[index]) else { return nil }
            raw.formIndex(after: &index)
            decoded.append(high << 4 | low)
        }
        guard String(validating: decoded, as: UTF8.self) != nil else { return nil }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
