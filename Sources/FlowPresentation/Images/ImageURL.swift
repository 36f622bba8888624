import Foundation

/// Which payload image URLs a renderer fetches, the same for every renderer: only http(s) URLs
/// with a host, so a payload never names a local file; a relative URL is resolved against the
/// page's URL, and only when that is itself http(s); a URL holding a control or bidi character
/// (`SafeText`) or credentials (`user:password@`, which would be sent as Basic authentication
/// and kept in the image cache's files) is refused.
public enum ImageURL {
    public static func fetchable(_ string: String, relativeTo base: URL? = nil) -> URL? {
        guard SafeText.isSafe(string), let url = URL(string: string, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil,
            url.user == nil, url.password == nil
        else { return nil }
        return url
    }
}
