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

    /// The sheet `level` places up the stack (0 the bottom), for renderers that present each
    /// level from the one below it (SwiftUI's nested `.sheet`s); nil when the stack is lower.
    public func entry(atLevel level: Int) -> Entry? {
        entries.indices.contains(level) ? entries[level] : nil
    }

    /// The reader dismissed the sheet shown at `level` (a swipe, the grabber): it closes with
    /// every sheet above it, in order, since a platform takes those down with it. Only when
    /// that level still shows the presentation the renderer put there, and only when the sheet
    /// may be dismissed: a dismissal that arrives after the stack changed (the runtime closed
    /// or replaced that sheet meanwhile) or for a sheet that is not dismissible changes nothing.
    /// Says whether it closed anything.
    @discardableResult
    public func readerDismissed(level: Int, presentationID: Int) -> Bool {
        guard let entry = entry(atLevel: level), entry.presentationID == presentationID, entry.sheet.config.isDismissible else {
            return false
        }
        entries.removeSubrange(level...)
        return true
    }

    /// Closes every sheet.
    public func dismissAll() {
        entries.removeAll()
    }
}
