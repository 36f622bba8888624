import FlowCore
import Foundation
import RetailContract

/// One shopper's cart: lines by product id, and a revision that grows with every change and
/// never goes back, so a client can drop answers older than the newest it applied
/// (CONTRACT §10).
///
/// A line names its product by the feed's id, never by a place in a list: a line whose product
/// leaves the feed stays the line of that product (shown as no longer available), and one a
/// feed gains changes no line.
struct Cart: Sendable, Equatable {
    struct Line: Sendable, Equatable {
        /// The product's id, 1 to 64 bytes of `A-Z a-z 0-9 . _ -` (a Swift small string up to
        /// 15 bytes, so most lines allocate nothing).
        var product: String
        var quantity: UInt8

        /// Ids compare by their bytes.
        static func == (lhs: Line, rhs: Line) -> Bool {
            lhs.product.isByteEqual(to: rhs.product) && lhs.quantity == rhs.quantity
        }
    }

    /// Clock-derived, per cart (`advanceRevision(clock:)`).
    var revision: Int
    /// In the order products were first added (or where an add placed them).
    var lines: [Line] = []

    /// An empty cart as of `clock` (microseconds): a cart nobody has changed, or one that was
    /// forgotten, answers the clock, which is past every revision it had before.
    init(clock: Int) {
        revision = clock
    }

    private func index(of product: String) -> Int? {
        lines.firstIndex { $0.product.isByteEqual(to: product) }
    }

    func quantity(of product: String) -> Int {
        index(of: product).map { Int(lines[$0].quantity) } ?? 0
    }

    /// The positions an add may ask a new line to take (`add(product:quantity:at:)`).
    static let positions = RetailLimits.linePositions

    /// Adds to a line; the caller keeps the line at or below 99. A line the add makes goes at
    /// `position` among the lines (0 first; past the last, or nil: at the end), so a removal
    /// undone puts the line back where it was; a line that exists keeps its place.
    mutating func add(product: String, quantity: Int, at position: Int? = nil) {
        if let index = index(of: product) {
            lines[index].quantity = UInt8(clamping: Int(lines[index].quantity) + quantity)
        } else {
            let line = Line(product: product, quantity: UInt8(clamping: quantity))
            lines.insert(line, at: min(max(0, position ?? lines.count), lines.count))
        }
    }

    /// Sets a line to `quantity` (1–99, checked by the caller), making it when absent.
    mutating func set(product: String, quantity: Int) {
        if let index = index(of: product) {
            lines[index].quantity = UInt8(clamping: quantity)
        } else {
            lines.append(Line(product: product, quantity: UInt8(clamping: quantity)))
        }
    }

    /// Removes a line; says whether there was one (removing what is not there changes nothing).
    @discardableResult
    mutating func remove(product: String) -> Bool {
        guard let index = index(of: product) else { return false }
        lines.remove(at: index)
        return true
    }

    /// The revision of a change: past the previous one and past the clock
    /// (`CartRevision.next(after:clock:)`, the rule the bundled shop's cart counts by too).
    mutating func advanceRevision(clock: Int) {
        revision = CartRevision.next(after: revision, clock: clock)
    }

    /// Microseconds since 2024-01-01 on the injected clock (`CartRevision.clock(_:)`).
    static func clock(_ date: Date) -> Int {
        CartRevision.clock(date)
    }
}
