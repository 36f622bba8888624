import Foundation

/// The host seam through which every page byte arrives: HTTP in the app, the embedded
/// backend in the demo, a scripted fake in tests.
///
/// It answers one request with one document. A source that has a cached copy to show first
/// implements `PageSource` instead (or as well).
public protocol PageLoader: Sendable {
    /// The bytes of the document answering `request`. Throws on transport failure;
    /// cancellation of the calling task means the answer is no longer wanted.
    func loadPage(_ request: PageRequest) async throws -> Data
}
