import Foundation
import HTTPTransport

/// The default `DataLoading`: downloads over `HTTPSession`, so an over-large body stops the
/// transfer when it crosses the limit (decoded bytes, or an announced length before it
/// starts), a download has a deadline, and task cancellation closes the connection.
///
/// Redirects are followed here, one hop at a time and each asked of `allowsRedirect`, so the
/// loader's header fields go only where the policy lets them; at most `maximumRedirects`.
public final class DataLoader: DataLoading {
    /// Whether a redirect from the first URL to the second is followed; a refused one fails
    /// the download with the redirect's status.
    public typealias RedirectPolicy = @Sendable (_ from: URL, _ to: URL) -> Bool

    /// The most redirects one download follows.
    public static let maximumRedirects = 10

    /// 30 s for a connection and between bytes, 120 s for a whole image.
    public static let defaultTimeouts = HTTPSession.Timeouts(idle: .seconds(30), deadline: .seconds(120))

    private let session: HTTPSession
    private let headerFields: [(name: String, value: String)]
    private let allowsRedirect: RedirectPolicy?

    /// - Parameters:
    ///   - headerFields: sent with every request, the redirected ones included: a loader
    ///     whose fields identify the user must refuse redirects that leave their origin.
    ///   - timeouts: see `defaultTimeouts`.
    ///   - allowsRedirect: which redirects are followed (default every http(s) one).
    public init(
        headerFields: [(name: String, value: String)] = [], timeouts: HTTPSession.Timeouts = DataLoader.defaultTimeouts,
        allowsRedirect: RedirectPolicy? = nil
    ) {
        session = HTTPSession(timeouts: timeouts)
        self.headerFields = headerFields
        self.allowsRedirect = allowsRedirect
    }

    public func data(for url: URL, maxBytes: Int) async throws -> Data {
        var current = url
        var redirects = 0
        while true {
            var request = HTTPSession.Request(url: current)
            for (name, value) in headerFields { request.setValue(value, forHTTPHeaderField: name) }
            let response: HTTPSession.Response
            do {
                response = try await session.send(request, maxBytes: maxBytes)
            } catch let failure as HTTPSession.Failure {
                throw ImagePipeline.Error(transportFailure: failure)
            }
            if (200..<300).contains(response.status) { return response.body }
            guard redirects < Self.maximumRedirects, let target = redirectTarget(of: response, from: current) else {
                throw ImagePipeline.Error.network(status: response.status)
            }
            current = target
            redirects += 1
        }
    }

    /// Where a 301, 302, 303, 307 or 308 points, when it is http(s) and the policy allows it.
    private func redirectTarget(of response: HTTPSession.Response, from url: URL) -> URL? {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"],
            let target = URL(string: location, relativeTo: url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        return allowsRedirect?(url, target) ?? true ? target : nil
    }
}

extension ImagePipeline.Error {
    /// A transport failure as the pipeline's error.
    init(transportFailure failure: HTTPSession.Failure) {
        switch failure {
        case .tooLarge(let limit): self = .downloadTooLarge(limit: limit)
        case .refused(let reason): self = .invalidRequest(reason)
        case .timedOut, .connection: self = .transport(failure.description)
        }
    }
}
