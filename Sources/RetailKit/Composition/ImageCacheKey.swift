import Foundation

/// The disk cache's key for the app's pictures.
///
/// A picture of the backend's own origin is named by its path and query, not its address: the
/// app's embedded backend listens on another port every launch, and the cache directory is
/// already the backend's own (per shopper and `BackendIdentity`), so the same picture stays one
/// file across launches and is there for the saved page offline. A picture of any other host
/// is named by its whole URL.
enum ImageCacheKey {
    static func forBackend(at backendURL: URL) -> @Sendable (URL) -> String {
        let backendOrigin = BackendIdentity(origin: backendURL)
        return { url in
            guard let backendOrigin, let origin = BackendIdentity(origin: url), origin == backendOrigin,
                let parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { return url.absoluteString }
            return "backend:" + parts.percentEncodedPath + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        }
    }
}
