import Foundation

/// The disk cache's key for the app's pictures.
///
/// A picture of the backend's own origin is named by the app's version and its path and query,
/// not its address: the app's embedded backend listens on another port every launch, and the
/// cache directory is already the backend's own (per shopper and `BackendIdentity`), so the
/// same picture stays one file across launches and is there for the saved page offline; an
/// app of another version (whose embedded backend may draw a picture of the same name anew)
/// keeps its own. A picture of any other host is named by its whole URL.
enum ImageCacheKey {
    static func forBackend(at backendURL: URL, appVersion: String) -> @Sendable (URL) -> String {
        let backendOrigin = BackendIdentity(origin: backendURL)
        return { url in
            guard let backendOrigin, let origin = BackendIdentity(origin: url), origin == backendOrigin,
                let parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { return url.absoluteString }
            return "backend:\(appVersion):" + parts.percentEncodedPath + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        }
    }
}
