import Foundation
import HTTPServer
import RetailContract
import Synchronization

/// Applies a fault profile to requests: the one given at start, merged with the request's
/// `X-Vitrine-Fault` header when the operator allowed headers at start.
final class FaultInjector: Sendable {
    /// The profile given at start, or changed since (`HomeBackend.changeFaults`).
    var base: FaultProfile { current.withLock { $0 } }
    private let current: Mutex<FaultProfile>
    /// Whether `X-Vitrine-Fault` is read at all; when not, it is ignored like any unknown header.
    let acceptsHeader: Bool
    /// Requests seen by profiles with `fail_every`, for "one in N".
    private let counter = Atomic<Int>(0)

    init(base: FaultProfile, acceptsHeader: Bool) {
        current = Mutex(base)
        self.acceptsHeader = acceptsHeader
    }

    /// Replaces the start profile; requests in flight keep the one they began with.
    func replaceBase(with profile: FaultProfile) {
        current.withLock { $0 = profile }
    }

    /// The profile for one request; an invalid header is the client's error (400).
    func profile(for request: HTTPRequest) throws(RequestError) -> FaultProfile {
        let base = self.base
        guard acceptsHeader, let header = request.header("x-vitrine-fault") else { return base }
        do {
            return base.merged(with: try FaultProfile(parsing: header))
        } catch {
            throw RequestError(status: 400, code: .invalidFaultProfile, message: error.description)
        }
    }

    /// The injected failure for this request, if the profile says it fails.
    func failure(for profile: FaultProfile) -> RequestError? {
        let status = profile.errorStatus ?? 500
        if let every = profile.failEvery {
            let count = counter.wrappingAdd(1, ordering: .relaxed).newValue
            guard count % every == 0 else { return nil }
            return RequestError(status: status, code: .injectedFault, message: "fault profile: fail_every=\(every)")
        }
        guard profile.errorStatus != nil else { return nil }
        return RequestError(status: status, code: .injectedFault, message: "fault profile: error=\(status)")
    }

    /// Latency and truncation, applied to the finished response.
    func finish(_ response: consuming HTTPResponse, profile: FaultProfile) -> HTTPResponse {
        var response = response
        response.delay = profile.latency
        if profile.truncate, response.status == 200,
            response.headers.contains(where: { $0.name == "Content-Type" && $0.value.hasPrefix("application/json") })
        {
            response.body = response.body.prefix(response.body.count / 2)
        }
        return response
    }
}
