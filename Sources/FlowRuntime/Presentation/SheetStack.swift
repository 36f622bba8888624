import FlowCore
import Observation

/// The bottom sheets on screen, bottom to top, shared by every renderer.
///
/// A stack because a sheet's widget may open another sheet; `dismiss()` closes the top one.
@MainActor
@Observable
public final class SheetStack {
    /// One presented sheet. `presentationID` tells two openings of the same sheet apart.
    public struct Entry: Sendable, Identifiable {
        public let presentationID: Int
        public let sheet: SheetModel
        public var id: Int { presentationID }
    }

    public private(set) var entries: [Entry] = []
    /// The most sheets stacked at once; more are refused. Default 8.
    @ObservationIgnored public var maximumDepth = 8
    @ObservationIgnored private var nextID = 0

    public init() {}

    /// The sheet on top, if any.
    public var top: SheetModel? { entries.last?.sheet }

    /// Presents `sheet` on top of the others; says whether it did (no more than
    /// `maximumDepth` sheets stack, whatever a server's sheets open).
    @discardableResult
    public func present(_ sheet: SheetModel) -> Bool {
        guard entries.count < max(0, maximumDepth) else { return false }
        nextID += 1
        entries.append(Entry(presentationID: nextID, sheet: sheet))
        return true
    }

    /// Closes the top sheet; says whether there was one. A sheet that is not dismissible
    /// (`config.dismissible == false`) closes only when `force` is set (by the host, not a swipe).
    @discardableResult
    public func dismiss(force: Bool = true) -> Bool {
        guard let last = entries.last, force || last.sheet.config.isDismissible else { return false }
        entries.removeLast()
        return true
    }

    /// Closes every sheet.
    public func dismissAll() {
        entries.removeAll()
    }
}
