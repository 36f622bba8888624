import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects `URLSessionEngine`'s answers per task and holds the limits: refuses redirects,
/// cancels a task at an announced length or a body over the cap. All state behind one Mutex.
final class URLSessionEngineDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Transfer {
        var continuation: CheckedContinuation<HTTPSession.Response, any Error>
        var limits: Limits
        var response = HTTPSession.Response(status: 0, headers: [:], body: Data())
        var failure: HTTPSession.Failure?
    }

    private let transfers = Mutex<[Int: Transfer]>([:])

    func register(_ identifier: Int, limits: Limits, continuation: CheckedContinuation<HTTPSession.Response, any Error>) {
        transfers.withLock { $0[identifier] = Transfer(continuation: continuation, limits: limits) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The 3xx itself becomes the answer: a caller that follows redirects decides per hop.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            guard let name = name as? String, let value = value as? String else { continue }
            headers[name.lowercased()] = value
        }
        let tooLarge = transfers.withLock { transfers -> Bool in
            guard var transfer = transfers[dataTask.taskIdentifier] else { return false }
            transfer.response.status = http?.statusCode ?? 0
            transfer.response.headers = headers
            // An announced length counts only when the body is not encoded (it is the
            // encoded length then, and the cap counts decoded bytes).
            let tooLarge = headers["content-encoding"] == nil && response.expectedContentLength > Int64(transfer.limits.maxBytes)
            if tooLarge { transfer.failure = .tooLarge(limit: transfer.limits.maxBytes) }
            transfers[dataTask.taskIdentifier] = transfer
            return tooLarge
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let identifier = dataTask.taskIdentifier
        // The body grows in place in the dictionary: a copy taken out and put back would
        // hold a second reference, and each append would copy the whole body so far.
        let overLimit = transfers.withLock { transfers -> Bool in
            guard let maxBytes = transfers[identifier]?.limits.maxBytes, transfers[identifier]?.failure == nil,
                let received = transfers[identifier]?.response.body.count
            else { return false }
            guard data.count <= maxBytes - received else {
                transfers[identifier]?.failure = .tooLarge(limit: maxBytes)
                transfers[identifier]?.response.body = Data()
                return true
            }
            transfers[identifier]?.response.body.append(data)
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
            case .timedOut: transfer.continuation.resume(throwing: HTTPSession.Failure.timedOut(error.localizedDescription))
            default: transfer.continuation.resume(throwing: HTTPSession.Failure.connection(error.localizedDescription))
            }
        } else if let error {
            transfer.continuation.resume(throwing: HTTPSession.Failure.connection(String(describing: error)))
        } else {
            transfer.continuation.resume(returning: transfer.response)
        }
    }
}
