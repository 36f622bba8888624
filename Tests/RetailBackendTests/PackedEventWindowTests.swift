import Testing
@testable import RetailBackend

/// The SQLite store's window of event ids: 16-byte digests end to end, oldest first.
@Suite struct PackedEventWindowTests {
    private func digest(_ seed: Int) -> [UInt8] {
        EventDigest.bytes(ExactText("e-\(seed)"))!
    }

    @Test func findsEveryDigestItHoldsAndNoOther() {
        var window = PackedEventWindow()
        for seed in 0..<1_000 { window.append(digest(seed)) }
        #expect(window.count == 1_000)
        #expect((0..<1_000).allSatisfy { window.contains(digest($0)) })
        #expect(!(1_000..<1_100).contains { window.contains(digest($0)) })
    }

    /// Two digests that agree in their first eight bytes, or their last eight, are different.
    @Test func comparesAllSixteenBytes() {
        let first = [UInt8](repeating: 0xAA, count: 16)
        var sameFront = first
        sameFront[15] = 0xAB
        var sameBack = first
        sameBack[0] = 0xAB
        var window = PackedEventWindow()
        window.append(first)
        #expect(window.contains(first))
        #expect(!window.contains(sameFront))
        #expect(!window.contains(sameBack))
    }

    /// Only whole digests at their own offsets count: sixteen bytes that straddle two digests
    /// are not in the window.
    @Test func aDigestIsLookedForOnlyAtItsBoundaries() {
        var window = PackedEventWindow()
        window.append([UInt8](repeating: 1, count: 16))
        window.append([UInt8](repeating: 2, count: 16))
        #expect(!window.contains([UInt8](repeating: 1, count: 8) + [UInt8](repeating: 2, count: 8)))
    }

    @Test func keepsTheNewestInOrderOfArrival() {
        var window = PackedEventWindow()
        for seed in 0..<30 { window.append(digest(seed)) }
        window.keepNewest(20)
        #expect(window.count == 20)
        #expect(!(0..<10).contains { window.contains(digest($0)) })
        #expect((10..<30).allSatisfy { window.contains(digest($0)) })
        #expect(Array(window.bytes.prefix(16)) == digest(10))
        window.keepNewest(25)
        #expect(window.count == 20, "a larger bound drops nothing")
        window.keepNewest(0)
        #expect(window.bytes.isEmpty)
    }

    /// Bytes that are not a whole number of digests (never written by the store) lose the
    /// partial one.
    @Test func aPartialDigestIsDropped() {
        let window = PackedEventWindow(bytes: digest(1) + [9, 9, 9])
        #expect(window.count == 1)
        #expect(window.bytes == digest(1))
        #expect(PackedEventWindow(bytes: [1, 2, 3]).bytes.isEmpty)
    }
}
