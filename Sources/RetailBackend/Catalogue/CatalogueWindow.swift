import Foundation

/// When something is shown: from `start` (included) to `end` (excluded), absolute instants,
/// with the IANA time zone the merchandiser wrote them in.
///
/// The zone does not move the instants; it is the calendar the window belongs to: the days
/// of `vitrine catalogue timeline`, the date a hero reads as its end ("until December 24"),
/// and the local times a file may give without an offset. An open side (`nil`) never
/// limits: a story with no start has always been on.
struct CatalogueWindow: Sendable, Hashable {
    var start: Date?
    var end: Date?
    var timeZone: String

    func contains(_ instant: Date) -> Bool {
        (start.map { $0 <= instant } ?? true) && (end.map { instant < $0 } ?? true)
    }

    /// Whether the two windows share an instant.
    func overlaps(_ other: CatalogueWindow) -> Bool {
        let starts = [start, other.start].compactMap { $0 }.max()
        let ends = [end, other.end].compactMap { $0 }.min()
        guard let starts, let ends else { return true }
        return starts < ends
    }

    /// The instants where being inside changes.
    var boundaries: [Date] {
        [start, end].compactMap { $0 }
    }

    /// The zone, when Foundation knows it (the loader refuses names it does not).
    var zone: TimeZone {
        TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }
}
