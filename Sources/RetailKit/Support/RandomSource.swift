/// Where retries draw their jitter: the system's generator in the app, a seeded one in tests
/// (so a randomised test replays from its seed).
public struct RandomSource: Sendable {
    private let draw: @Sendable () -> Double

    /// A source of numbers in `0..<1` from `draw`.
    public init(_ draw: @escaping @Sendable () -> Double) {
        self.draw = draw
    }

    /// The system generator.
    public static var system: RandomSource {
        RandomSource { Double.random(in: 0..<1) }
    }

    /// A deterministic source: the same seed gives the same numbers (SplitMix64).
    public static func seeded(_ seed: UInt64) -> RandomSource {
        let state = Locked(seed)
        return RandomSource {
            let next = state.withLock { state -> UInt64 in
                state &+= 0x9e37_79b9_7f4a_7c15
                var z = state
                z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
                z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
                return z ^ (z >> 31)
            }
            return Double(next >> 11) / Double(1 << 53)
        }
    }

    /// A number in `0..<1`.
    public func next() -> Double {
        min(max(draw(), 0), 0.999_999_999)
    }
}
