import Foundation

/// Every instant where a window of the catalogue opens or closes, sorted.
///
/// Between two of them nothing starts or ends, so every instant of that interval composes the
/// same pages: the interval's number (how many boundaries are at or before the instant) is
/// the schedule's part of the page cache key, found by binary search whatever the
/// catalogue's size.
struct CatalogueSchedule: Sendable {
    let boundaries: [Date]

    init(windows: [CatalogueWindow]) {
        boundaries = Array(Set(windows.flatMap(\.boundaries))).sorted()
    }

    /// The interval `instant` is in: 0 before the first boundary, n at or after the last.
    func interval(at instant: Date) -> Int {
        var low = 0
        var high = boundaries.count
        while low < high {
            let middle = (low + high) / 2
            if boundaries[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first boundary after `instant`, if any.
    func next(after instant: Date) -> Date? {
        let index = interval(at: instant)
        return index < boundaries.count ? boundaries[index] : nil
    }
}
