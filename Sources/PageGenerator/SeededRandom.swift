/// A deterministic random source (SplitMix64): the same seed gives the same sequence on every
/// machine and run, so a generated page is reproducible from its seed alone.
///
/// Not for anything secret; for reproducible benchmark and test payloads only.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A double in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// An integer in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        Int.random(in: 0..<bound, using: &self)
    }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}
