import Testing
@testable import FlowPresentation

/// Backend font sizes under Dynamic Type, and what Reduce Motion stops.
@Suite struct DynamicTypeAndMotionTests {
    @Test func largeIsTheBackendsOwnSize() {
        #expect(DynamicTypeScale.points(28, at: .large) == 28)
        #expect(DynamicTypeScale.factor(for: .large) == 1)
    }

    @Test func everySizeScalesByTheBodyStylesRatio() {
        #expect(DynamicTypeScale.points(17, at: .xSmall) == 14)
        #expect(DynamicTypeScale.points(17, at: .xxxLarge) == 23)
        #expect(DynamicTypeScale.points(17, at: .accessibility5) == 53)
        #expect(abs(DynamicTypeScale.points(28, at: .accessibility5) - 28 * 53 / 17) < 1e-9)
        let sizes = DynamicTypeScale.Size.allCases.map { DynamicTypeScale.points(16, at: $0) }
        #expect(sizes == sizes.sorted() && Set(sizes).count == sizes.count, "each size larger than the one before")
        #expect(DynamicTypeScale.Size.allCases.filter(\.isAccessibilitySize).count == 5)
    }

    @Test func sizesThatAreNoSizeGiveZero() {
        #expect(DynamicTypeScale.points(0, at: .large) == 0)
        #expect(DynamicTypeScale.points(-4, at: .xLarge) == 0)
        #expect(DynamicTypeScale.points(.nan, at: .xLarge) == 0)
        #expect(DynamicTypeScale.points(.infinity, at: .xLarge) == 0)
        #expect(DynamicTypeScale.points(1_000, at: .accessibility5).isFinite, "the largest cosmetic size stays finite")
    }

    @Test func reduceMotionStopsShimmerSlidesAndAnimatedScrolls() {
        let still = MotionPolicy(reducesMotion: true), moving = MotionPolicy(reducesMotion: false)
        #expect(!still.shimmers(true) && moving.shimmers(true) && !moving.shimmers(false))
        #expect(!still.slidesTransitions && moving.slidesTransitions)
        #expect(!still.animatesScrolling && moving.animatesScrolling)
        #expect(still.transitionDuration == 0 && moving.transitionDuration > 0)
    }
}

/// Rows stack at the accessibility text sizes and only there.
@Suite struct RowArrangementTests {
    @Test func rowsStackFromTheFirstAccessibilitySizeOn() {
        let sizes = DynamicTypeScale.Size.allCases
        let stacked = sizes.filter { RowArrangement.at($0) == .stacked }
        #expect(stacked == [.accessibility1, .accessibility2, .accessibility3, .accessibility4, .accessibility5])
        #expect(RowArrangement.at(.xxxLarge) == .sideBySide, "the largest size below them keeps rows")
    }
}
