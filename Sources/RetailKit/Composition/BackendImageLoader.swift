import Foundation
import ImagePipeline

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Image downloads for the pipeline: images on the backend's origin carry `X-Vitrine-User`
/// like every other request to it; images anywhere else (a CDN) go without it, so the
/// shopper's id never leaves the backend's origin.
struct BackendImageLoader: DataLoading {
    private let backend: DataLoader
    private let elsewhere: DataLoader
    private let origin: (scheme: String, host: String, port: Int?)

    init(baseURL: URL, user: UserID) {
        let configuration = DataLoader.defaultConfiguration
        configuration.httpAdditionalHeaders = ["X-Vitrine-User": user.rawValue]
        backend = DataLoader(configuration: configuration)
        elsewhere = DataLoader()
        origin = (baseURL.scheme?.lowercased() ?? "", baseURL.host?.lowercased() ?? "", baseURL.port)
    }

    func data(for url: URL, maxBytes: Int) async throws -> Data {
        let sameOrigin = url.scheme?.lowercased() == origin.scheme && url.host?.lowercased() == origin.host && url.port == origin.port
        return try await (sameOrigin ? backend : elsewhere).data(for: url, maxBytes: maxBytes)
    }
}
