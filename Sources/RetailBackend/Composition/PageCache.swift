import FlowCore
import Synchronization

/// Everything that decides the bytes of one page response, except `request_id`.
struct PageKey: Hashable, Sendable {
    /// Compared by its bytes: `search:été` and its decomposed spelling are two pages.
    var pageID: ExactString
    var locale: StoreLocale
    var segment: Segment
    /// `ExperimentChoice.packed`: the shopper's variants.
    var variants: UInt64
    /// `RequirementTable.mask`: what the app version and capabilities unlock.
    var gates: UInt64
    /// `CatalogueSchedule.interval(at:)`: which windows are open.
    var schedule: Int
    var offset: Int
    /// `FaultProfile.compositionBits`.
    var faults: UInt8
}

/// Encoded pages by key, so that composing costs one dictionary look-up and one copy per
/// request. Bounded: when full it starts over, which keeps memory flat under hostile keys
/// (every product page in every locale) at the price of recomposing the hot pages once.
final class PageCache: Sendable {
    private let capacity: Int
    private let entries = Mutex<[PageKey: EncodedPage]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func page(for key: PageKey, orMake make: () throws(RequestError) -> EncodedPage) throws(RequestError) -> EncodedPage {
        if let cached = entries.withLock({ $0[key] }) { return cached }
        // Composed outside the lock: two threads may compose the same page once each, and
        // neither waits on the other.
        let page = try make()
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = page
        }
        return page
    }

    var count: Int {
        entries.withLock { $0.count }
    }
}
