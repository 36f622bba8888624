/// A dotted numeric version. Parts compare numerically and missing parts are 0, so
/// `2.4` == `2.4.0` < `2.10.0` (CONTRACT §4).
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let parts: [Int]

    /// Parses `"2.4.0"`; `nil` for an empty string, an empty, non-digit or oversized part, or
    /// more than 8 parts. Scans UTF-8 bytes: the backend parses one per request.
    public init?(_ text: String) {
        var parts: [Int] = []
        var current = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, parts.count < 7 else { return nil }
                parts.append(current)
                current = 0
                digits = 0
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 9 else { return nil }
                current = current * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        parts.append(current)
        self.parts = parts
    }

    /// A version from its numeric parts.
    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.parts = [max(0, major), max(0, minor), max(0, patch)]
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    private func part(_ index: Int) -> Int { index < parts.count ? parts[index] : 0 }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) where lhs.part(index) != rhs.part(index) {
            return lhs.part(index) < rhs.part(index)
        }
        return false
    }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    public func hash(into hasher: inout Hasher) {
        var trimmed = parts
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}
