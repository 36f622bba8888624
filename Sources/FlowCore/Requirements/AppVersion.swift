/// A dotted numeric version. Parts compare numerically, whatever their length, and missing
/// parts are 0, so `2.4` == `2.4.0` < `2.10.0` < `2.10.12345678901234567890` (CONTRACT §4).
///
/// Kept as text, normalised (leading zeros of each part dropped), so a part of any length
/// compares exactly: by its number of digits, then digit by digit. Parsing scans UTF-8 bytes:
/// the backend parses one per request.
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The normalised text, every part kept (`2.4.0`).
    private let text: String
    /// The length in bytes of `text` without its trailing zero parts (`2.4`): what compares.
    private let significantLength: Int

    /// Parses `"2.4.0"`; `nil` for an empty string, or an empty or non-digit part.
    public init?(_ text: String) {
        // The normalised text is never longer than the text: written into a buffer on the stack.
        let parsed = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, text.utf8.count)) { normalized -> (String, Int)? in
            var length = 0
            var significantLength = 0
            var partIsZero = true
            var digits = 0
            func append(_ byte: UInt8) {
                normalized[length] = byte
                length += 1
            }
            for byte in text.utf8 {
                if byte == UInt8(ascii: ".") {
                    guard digits > 0 else { return nil }
                    if partIsZero { append(UInt8(ascii: "0")) }
                    if !partIsZero { significantLength = length }
                    append(byte)
                    partIsZero = true
                    digits = 0
                } else {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    digits += 1
                    if partIsZero, byte == UInt8(ascii: "0") { continue }  // a leading zero
                    partIsZero = false
                    append(byte)
                }
            }
            guard digits > 0 else { return nil }
            if partIsZero { append(UInt8(ascii: "0")) } else { significantLength = length }
            return (String(decoding: UnsafeBufferPointer(rebasing: normalized[..<length]), as: UTF8.self), significantLength)
        }
        guard let parsed else { return nil }
        self.text = parsed.0
        self.significantLength = parsed.1
    }

    /// A version from its numeric parts.
    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        // The parts are non-negative integers, so the text always parses.
        let text = [major, minor, patch].map { String(max(0, $0)) }.joined(separator: ".")
        self = AppVersion(text) ?? AppVersion(zero: ())
    }

    private init(zero: ()) {
        text = "0"
        significantLength = 0
    }

    public var description: String { text }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        compare(lhs, rhs) < 0
    }

    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool {
        compare(lhs, rhs) == 0
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(significantLength)
        for byte in text.utf8.prefix(significantLength) { hasher.combine(byte) }
    }

    /// -1, 0 or 1. Parts have no leading zeros and trailing zero parts are not significant, so
    /// a longer part is a larger number, and a version with significant parts left over is
    /// the larger.
    /// Allocates nothing: the backend compares versions for every gate of every request.
    private static func compare(_ lhs: AppVersion, _ rhs: AppVersion) -> Int {
        var leftText = lhs.text, rightText = rhs.text
        return leftText.withUTF8 { left in
            rightText.withUTF8 { right in
                compare(UnsafeBufferPointer(rebasing: left[..<lhs.significantLength]),
                        UnsafeBufferPointer(rebasing: right[..<rhs.significantLength]))
            }
        }
    }

    private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0, j = 0
        while i < left.count, j < right.count {
            var iEnd = i, jEnd = j
            while iEnd < left.count, left[iEnd] != UInt8(ascii: ".") { iEnd += 1 }
            while jEnd < right.count, right[jEnd] != UInt8(ascii: ".") { jEnd += 1 }
            if iEnd - i != jEnd - j { return iEnd - i < jEnd - j ? -1 : 1 }
            for offset in 0..<(iEnd - i) where left[i + offset] != right[j + offset] {
                return left[i + offset] < right[j + offset] ? -1 : 1
            }
            i = iEnd + 1
            j = jEnd + 1
        }
        let leftDone = i >= left.count, rightDone = j >= right.count
        if leftDone, rightDone { return 0 }
        return leftDone ? -1 : 1
    }
}
