import Foundation
import ImagePipeline

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One URLSession for the backend: no URL cache (Linux's keys entries by host and path and
/// ignores the query; Apple's turns a 304 into a 200), no cookies, redirects never followed
/// (so a request and its headers never reach another origin), bodies capped.
///
/// Requests run as delegate-driven data tasks, not `URLSession.data(for:)`: cancelling the
/// calling task cancels the `URLSessionTask` itself, which closes the connection, and the
/// async variant can hang when cancelled on Linux (swift-corelibs-foundation #5412).
///
/// Every request also has an overall deadline, from sending to the last byte: URLSession's
/// timeouts count the time between bytes, so a body dripped a byte at a time would otherwise
/// be waited out for ever. The deadline runs on the continuous clock, as URLSession's own do.
final class HTTPSession: Sendable {
    private let session: URLSession
    private let delegate: HTTPSessionDelegate
    private let deadline: Duration

    /// `timeout` bounds the wait between bytes (whole seconds, at least 1); `deadline` a whole
    /// request and its answer.
    init(timeout: Duration, deadline: Duration) {
        self.deadline = deadline
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // Whole seconds, at least one: swift-corelibs-foundation hands the timeout to curl
        // in whole seconds, so 0.3 s would be no time at all.
        let seconds = max(1, (Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18).rounded(.up))
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds * 4
        let delegate = HTTPSessionDelegate()
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `request` and collects the whole answer, at most `maxBytes` of body, within the
    /// session's deadline (past it the request fails as a timeout and its connection closes).
    func send(_ request: URLRequest, maxBytes: Int) async throws -> HTTPReply {
        // URLSessionTask is Sendable and `cancel()` may be called from any thread.
        let task = session.dataTask(with: request)
        let cancellation = URLSessionTaskCancellation()
        let identifier = task.taskIdentifier
        let delegate = self.delegate
        let limit = deadline
        // On a Dispatch timer, not a task: a deadline must fire even while every thread of the
        // cooperative pool is busy.
        let watchdog = DispatchWorkItem {
            // Ordering: the transfer is failed first, so the completion the cancel brings finds
            // nothing to resume and the timeout is what the caller sees.
            delegate.fail(identifier, .transport(message: "no whole answer within \(limit)", isTimeout: true))
            task.cancel()
        }
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        defer { watchdog.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Ordering: registered before it starts or is cancelled, so no callback
                // arrives unclaimed (URLSessionTaskCancellation says why that matters).
                delegate.register(identifier, maxBytes: maxBytes, continuation: continuation)
                cancellation.start(task)
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}

/// Collects answers per task and enforces the body cap. All state is behind one lock.
private final class HTTPSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<HTTPReply, any Error>
        var maxBytes: Int
        var reply = HTTPReply(status: 0, headers: [:], body: Data())
        var failure: HomeAPIError?
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    func register(_ identifier: Int, maxBytes: Int, continuation: CheckedContinuation<HTTPReply, any Error>) {
        transfers.withLock { $0[identifier] = Transfer(continuation: continuation, maxBytes: maxBytes) }
    }

    /// Ends the transfer with `error` now (its deadline passed), if it has not ended.
    func fail(_ identifier: Int, _ error: HomeAPIError) {
        transfers.withLock { $0.removeValue(forKey: identifier) }?.continuation.resume(throwing: error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The 3xx itself becomes the answer: the backend never redirects, and a redirect
        // could take the user's header to another host.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let identifier = dataTask.taskIdentifier
        var headers: [String: String] = [:]
        let http = response as? HTTPURLResponse
        for (name, value) in http?.allHeaderFields ?? [:] {
            guard let name = name as? String, let value = value as? String else { continue }
            headers[name.lowercased()] = value
        }
        let tooLarge = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[identifier] else { return false }
            transfer.reply.status = http?.statusCode ?? 0
            transfer.reply.headers = headers
            let tooLarge = response.expectedContentLength > Int64(transfer.maxBytes)
            if tooLarge { transfer.failure = .undecodable("the answer is larger than \(transfer.maxBytes) bytes") }
            transfers[identifier] = transfer
            return tooLarge
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        // The body grows in place in the dictionary: a copy of the transfer taken out and put
        // back would hold a second reference, and each append would then copy the whole body
        // so far (quadratic: an endless answer took 20 s to reach 32 MiB).
        let overLimit = transfers.withLock { transfers -> Bool in
            guard let maxBytes = transfers[identifier]?.maxBytes, transfers[identifier]?.failure == nil,
                let received = transfers[identifier]?.reply.body.count
            else { return false }
            if received + data.count > maxBytes {
                transfers[identifier]?.failure = .undecodable("the answer is larger than \(maxBytes) bytes")
                transfers[identifier]?.reply.body = Data()
                return true
            }
            transfers[identifier]?.reply.body.append(data)
            return false
        }
        if overLimit { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = transfer.failure {
            transfer.continuation.resume(throwing: failure)
        } else if let error = error as? URLError {
            switch error.code {
            case .cancelled: transfer.continuation.resume(throwing: CancellationError())
            case .timedOut: transfer.continuation.resume(throwing: HomeAPIError.transport(message: error.localizedDescription, isTimeout: true))
            default: transfer.continuation.resume(throwing: HomeAPIError.transport(message: error.localizedDescription, isTimeout: false))
            }
        } else if let error {
            transfer.continuation.resume(throwing: HomeAPIError.transport(message: String(describing: error), isTimeout: false))
        } else {
            transfer.continuation.resume(returning: transfer.reply)
        }
    }
}
