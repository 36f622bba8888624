import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default `DataLoading`: one URLSession whose delegate receives each body chunk by chunk,
/// so an over-large download is stopped when it crosses the limit (or before it starts, from
/// Content-Length), and task cancellation cancels the URLSession task itself.
public final class DataLoader: DataLoading {
    /// Whether a redirect from the first URL to the second is followed; a refused one fails
    /// the download with the redirect's status.
    public typealias RedirectPolicy = @Sendable (_ from: URL, _ to: URL) -> Bool

    private let session: URLSession
    private let delegate: DataLoaderDelegate

    /// - Parameters:
    ///   - configuration: the session's configuration; the default keeps no URL cache, since
    ///     the pipeline has its own disk cache.
    ///   - allowsRedirect: which redirects are followed (default all). A session whose
    ///     configuration adds credentials (`httpAdditionalHeaders`) must refuse those that
    ///     leave its origin: URLSession sends the additional headers to wherever it is
    ///     redirected.
    public init(configuration: URLSessionConfiguration = DataLoader.defaultConfiguration,
                allowsRedirect: RedirectPolicy? = nil) {
        let delegate = DataLoaderDelegate(allowsRedirect: allowsRedirect)
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// No URLCache (the pipeline's disk cache keeps the bytes), 30 s request timeout.
    public static var defaultConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 30
        return configuration
    }

    public func data(for url: URL, maxBytes: Int) async throws -> Data {
        // URLSessionTask is Sendable, and `cancel()` may be called from any thread.
        let task = session.dataTask(with: URLRequest(url: url))
        let cancellation = URLSessionTaskCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Ordering: registered before it starts or is cancelled, so no callback
                // arrives unclaimed (URLSessionTaskCancellation says why that matters).
                delegate.register(task.taskIdentifier, maxBytes: maxBytes, continuation: continuation)
                cancellation.start(task)
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}

/// Collects bodies and enforces the limits. All state is behind one Mutex.
private final class DataLoaderDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<Data, any Error>
        var maxBytes: Int
        var body = Data()
        var failure: ImagePipeline.Error?
    }

    private let transfers = Mutex<[Int: Transfer]>([:])
    private let allowsRedirect: DataLoader.RedirectPolicy?

    init(allowsRedirect: DataLoader.RedirectPolicy?) {
        self.allowsRedirect = allowsRedirect
    }

    func register(_ identifier: Int, maxBytes: Int, continuation: CheckedContinuation<Data, any Error>) {
        transfers.withLock { $0[identifier] = Transfer(continuation: continuation, maxBytes: maxBytes) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // A refused redirect ends the task with the 3xx as its answer, a `.network` failure.
        guard let allowsRedirect, let from = response.url ?? task.originalRequest?.url, let to = request.url else {
            completionHandler(request)
            return
        }
        completionHandler(allowsRedirect(from, to) ? request : nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let identifier = dataTask.taskIdentifier
        var failure: ImagePipeline.Error?
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            failure = .network(status: http.statusCode)
        }
        transfers.withLock { transfers in
            guard var transfer = transfers[identifier] else { return }
            if failure == nil, response.expectedContentLength > Int64(transfer.maxBytes) {
                failure = .downloadTooLarge(limit: transfer.maxBytes)
            }
            transfer.failure = failure
            transfers[identifier] = transfer
        }
        completionHandler(failure == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        // The body grows in place in the dictionary: a copy of the transfer taken out and put
        // back would hold a second reference, and each append would then copy the whole body
        // so far (quadratic: a 32 MiB answer cost seconds of copying).
        let overLimit = transfers.withLock { transfers -> Bool in
            guard let maxBytes = transfers[identifier]?.maxBytes, transfers[identifier]?.failure == nil,
                let received = transfers[identifier]?.body.count
            else { return false }
            if received + data.count > maxBytes {
                transfers[identifier]?.failure = .downloadTooLarge(limit: maxBytes)
                transfers[identifier]?.body = Data()
                return true
            }
            transfers[identifier]?.body.append(data)
            return false
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = transfer.failure {
            transfer.continuation.resume(throwing: failure)
        } else if let error = error as? URLError, error.code == .cancelled {
            transfer.continuation.resume(throwing: CancellationError())
        } else if let error {
            transfer.continuation.resume(throwing: ImagePipeline.Error.transport(error.localizedDescription))
        } else {
            transfer.continuation.resume(returning: transfer.body)
        }
    }
}
