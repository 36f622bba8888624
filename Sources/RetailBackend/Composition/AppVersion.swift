/// A dotted app version compared numerically part by part, missing parts 0
/// (CONTRACT §4: `2.4` = `2.4.0` < `2.10.0`).
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let parts: [Int]

    /// The version of a request that names none: older than every real release, so it is
    /// sent nothing that requires a version.
    public static let unknown = AppVersion(validParts: [0])

    private init(validParts: [Int]) {
        parts = validParts
    }

    /// Parses `2.6.0`; `nil` for anything else (empty parts, signs, letters, more than 6
    /// parts or parts over 9 digits).
    public init?(_ text: String) {
        // Over UTF-8 bytes: every page request parses one.
        var parts: [Int] = []
        var current = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, parts.count < 5 else { return nil }
                parts.append(current)
                current = 0
                digits = 0
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 9 {
                current = current * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        parts.append(current)
        self.parts = parts
    }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    public func hash(into hasher: inout Hasher) {
        var trimmed = parts
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    public var description: String {
        parts.map(String.init).joined(separator: ".")
    }
}
