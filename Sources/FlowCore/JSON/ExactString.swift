import Foundation

/// A string that compares and hashes by its Unicode scalars, as JSON compares strings.
///
/// Swift's `String` compares grapheme clusters under canonical equivalence: `"é"` (U+00E9)
/// equals `"e\u{301}"`, and the Kelvin sign equals `K`. Identifiers, object keys and
/// anything a security or identity decision rests on must not: two byte-different ids are two
/// ids. `ExactString` is the key type for those sets and dictionaries.
public struct ExactString: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public init(stringLiteral value: String) {
        self.string = value
    }

    public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.string.isByteEqual(to: rhs.string)
    }

    public func hash(into hasher: inout Hasher) {
        string.hashBytes(into: &hasher)
    }

    public var description: String { string }
}

extension String {
    /// Whether the two strings hold the same Unicode scalars (the same UTF-8 bytes): JSON's
    /// string equality, not Swift's canonical equivalence.
    @inlinable public func isByteEqual(to other: String) -> Bool {
        // The same representation (the same bytes inline, or the same storage) is the same
        // bytes: a key looked up by the literal it was written as is usually found here. A
        // String is two words on 64-bit platforms only (the check is folded at compile time).
        if MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size,
           unsafeBitCast(self, to: (UInt64, UInt64).self) == unsafeBitCast(other, to: (UInt64, UInt64).self) { return true }
        let (mine, theirs) = (utf8, other.utf8)
        guard mine.count == theirs.count else { return false }
        // Native strings (every parsed or built one, small ones included) hold their bytes
        // contiguously: compared at memcmp speed; bridged ones byte by byte.
        let contiguous = mine.withContiguousStorageIfAvailable { left in
            theirs.withContiguousStorageIfAvailable { right in
                left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
        if let contiguous, let same = contiguous { return same }
        return mine.elementsEqual(theirs)
    }

    /// Feeds the UTF-8 bytes to `hasher`, for hashing that agrees with `isByteEqual(to:)`.
    public func hashBytes(into hasher: inout Hasher) {
        let utf8 = self.utf8
        hasher.combine(utf8.count)
        if utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            for byte in utf8 { hasher.combine(byte) }
        }
    }
}
