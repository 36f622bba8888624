import Foundation

/// Fetches the bytes behind a URL. The pipeline calls it once per URL however many requests
/// share the download. Two implementations exist: `DataLoader` over `HTTPSession`, and the
/// counting and gated loaders of the tests.
public protocol DataLoading: Sendable {
    /// The body at `url`.
    ///
    /// Must stop the transfer and throw (`CancellationError` or `ImagePipeline.Error.cancelled`)
    /// when the calling task is cancelled: the pipeline cancels only when the last waiter has
    /// gone, and expects the network to stop then. Should throw
    /// `ImagePipeline.Error.downloadTooLarge` as soon as the body exceeds `maxBytes`, and
    /// `.network(status:)` for a non-2xx answer. The pipeline checks the size again anyway.
    func data(for url: URL, maxBytes: Int) async throws -> Data
}
