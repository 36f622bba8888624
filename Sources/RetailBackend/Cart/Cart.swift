import Foundation

/// One shopper's cart: lines by catalogue index, and a revision that grows with every change
/// and never goes back, so a client can drop answers older than the newest it applied
/// (CONTRACT §10).
///
/// Lines are four bytes each (a product index and a quantity of at most 99) because carts
/// are also kept as the remembered answers of idempotency keys, up to 32 per shopper.
struct Cart: Sendable, Equatable {
    struct Line: Sendable, Equatable {
        var product: UInt16
        var quantity: UInt8
    }

    /// Clock-derived, per cart (`advanceRevision(clock:)`).
    var revision: Int
    /// In the order products were first added.
    var lines: [Line] = []

    /// An empty cart as of `clock` (microseconds): a cart nobody has changed, or one that was
    /// forgotten, answers the clock, which is past every revision it had before.
    init(clock: Int) {
        revision = clock
    }

    func quantity(of product: Int) -> Int {
        lines.first { Int($0.product) == product }.map { Int($0.quantity) } ?? 0
    }

    /// The positions an add may ask a new line to take (`add(product:quantity:at:)`).
    static let positions = 0...65_535

    /// Adds to a line; the caller keeps the line at or below 99. A line the add makes goes at
    /// `position` among the lines (0 first; past the last, or nil: at the end), so a removal
    /// undone puts the line back where it was; a line that exists keeps its place.
    mutating func add(product: Int, quantity: Int, at position: Int? = nil) {
        if let index = lines.firstIndex(where: { Int($0.product) == product }) {
            lines[index].quantity = UInt8(clamping: Int(lines[index].quantity) + quantity)
        } else {
            let line = Line(product: UInt16(clamping: product), quantity: UInt8(clamping: quantity))
            lines.insert(line, at: min(max(0, position ?? lines.count), lines.count))
        }
    }

    /// Sets a line to `quantity` (1–99, checked by the caller), making it when absent.
    mutating func set(product: Int, quantity: Int) {
        if let index = lines.firstIndex(where: { Int($0.product) == product }) {
            lines[index].quantity = UInt8(clamping: quantity)
        } else {
            lines.append(Line(product: UInt16(clamping: product), quantity: UInt8(clamping: quantity)))
        }
    }

    /// Removes a line; says whether there was one (removing what is not there changes nothing).
    @discardableResult
    mutating func remove(product: Int) -> Bool {
        guard let index = lines.firstIndex(where: { Int($0.product) == product }) else { return false }
        lines.remove(at: index)
        return true
    }

    /// The revision of a change: past the previous one and past the clock. It depends on this
    /// cart's changes and the time only, so it says nothing about other carts; and because a
    /// forgotten cart starts again from the clock, it comes back above what it had, as long as
    /// the clock moved on by a microsecond per change it had made within one microsecond.
    mutating func advanceRevision(clock: Int) {
        revision = max(revision, clock) + 1
    }

    /// Microseconds since 2024-01-01 on the injected clock (0 before): under 10^15, the
    /// largest integer FlowCore's JSON writer writes without a fraction, until 2055.
    static func clock(_ date: Date) -> Int {
        max(0, Int(((date.timeIntervalSince1970 - epoch) * 1_000_000).rounded(.down)))
    }

    private static let epoch: TimeInterval = 1_704_067_200
}
