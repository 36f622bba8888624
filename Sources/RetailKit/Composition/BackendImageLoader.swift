import FlowCore
import Foundation
import ImagePipeline

/// Image downloads for the pipeline: images on the backend's origin carry `X-Vitrine-User`
/// like every other request to it; images anywhere else (a CDN) go without it, so the
/// shopper's id never leaves the backend's origin. The backend's loader follows redirects on
/// that origin only (it would send its header to wherever a 3xx points), so a redirect
/// elsewhere fails the download instead.
struct BackendImageLoader: DataLoading {
    private struct Origin: Sendable {
        var scheme: String
        var host: String
        var port: Int?

        init(_ url: URL) {
            scheme = url.scheme?.lowercased() ?? ""
            host = url.host?.lowercased() ?? ""
            port = url.port
        }

        func contains(_ url: URL) -> Bool {
            let other = Origin(url)
            return !host.isEmpty && other.scheme.isByteEqual(to: scheme) && other.host.isByteEqual(to: host) && other.port == port
        }
    }

    private let backend: DataLoader
    private let elsewhere: DataLoader
    private let origin: Origin

    init(baseURL: URL, user: UserID) {
        let origin = Origin(baseURL)
        backend = DataLoader(headerFields: [("X-Vitrine-User", user.rawValue)], allowsRedirect: { _, target in origin.contains(target) })
        elsewhere = DataLoader()
        self.origin = origin
    }

    func data(for url: URL, maxBytes: Int) async throws -> Data {
        try await (origin.contains(url) ? backend : elsewhere).data(for: url, maxBytes: maxBytes)
    }
}
