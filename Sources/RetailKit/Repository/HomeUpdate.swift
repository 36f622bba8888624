import FlowCore
import FlowRuntime
import Foundation

/// One page from `HomeRepository.updates(pageID:forceRefresh:)`, decoded: the cached copy
/// (with its age) first when there is one, then the fresh page.
public struct HomeUpdate: Sendable {
    /// Where the page came from.
    public enum Origin: Sendable, Hashable {
        /// The disk cache; `age` in seconds, `nil` when unknown (its freshness record was lost).
        case cached(age: TimeInterval?)
        /// The backend (a 200, or a 304 that confirmed the cached copy).
        case fresh
    }

    public var origin: Origin
    public var page: PageModel
    /// What decoding dropped or contained (also sent to the repository's diagnostic sink).
    public var diagnostics: [Diagnostic]
}

/// The bytes of one update, before decoding.
struct RawPageUpdate: Sendable {
    var data: Data
    var origin: HomeUpdate.Origin
    /// When a cached copy was saved, when its age is known.
    var savedAt: Date?

    var pageOrigin: PageUpdate.Origin {
        if case .cached = origin { return .cached }
        return .fresh
    }
}
