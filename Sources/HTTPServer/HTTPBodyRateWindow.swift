/// The bytes a body brought in over its last `length` of time, in eight slices, so that the
/// rate a slow body must keep is measured over the recent past and not since the body began:
/// a client that sends most of a body at once and then a byte now and then falls below the
/// rate one window after it slowed down, however much it sent first.
struct HTTPBodyRateWindow: Sendable, Equatable {
    static let sliceCount = 8

    let sliceLength: Duration
    let start: ContinuousClock.Instant
    /// Bytes per slice, indexed by the slice's number modulo `sliceCount`.
    private var slices = [Int](repeating: 0, count: sliceCount)
    /// The number of the newest slice written (slices before it that were skipped are empty).
    private var newest = 0

    init(length: Duration, start: ContinuousClock.Instant) {
        sliceLength = max(length / Self.sliceCount, .milliseconds(1))
        self.start = start
    }

    /// The window's length.
    var length: Duration { sliceLength * Self.sliceCount }

    mutating func add(_ bytes: Int, at now: ContinuousClock.Instant) {
        advance(to: slice(at: now))
        slices[newest % Self.sliceCount] += bytes
    }

    /// Bytes in the window that ends at `now` (the current slice and the seven before it).
    mutating func bytes(at now: ContinuousClock.Instant) -> Int {
        advance(to: slice(at: now))
        return slices.reduce(0, +)
    }

    private func slice(at now: ContinuousClock.Instant) -> Int {
        max(0, Int((now - start) / sliceLength))
    }

    /// Empties the slices that the window has moved past.
    private mutating func advance(to slice: Int) {
        guard slice > newest else { return }
        for skipped in (newest + 1)...min(slice, newest + Self.sliceCount) {
            slices[skipped % Self.sliceCount] = 0
        }
        newest = slice
    }
}
