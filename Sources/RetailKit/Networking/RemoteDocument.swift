import Foundation
import HTTPTransport

/// One document fetched from an http(s) URL with the app client's limits, for tools that read
/// a page from anywhere (`vitrine render URL`): at most `HomeAPIClient.Configuration`'s 32 MiB
/// of body, within an overall deadline however slowly the bytes come, no redirect followed
/// (a 3xx is the answer), no cache, no cookies, no credentials in the URL.
public enum RemoteDocument {
    /// The body of a 2xx answer. Throws `.refused` for a URL that is not http(s) with a host or
    /// that carries credentials, `.transport` (a timeout past `deadline`), `.status` for any
    /// other answer, and `.undecodable` for a body over `maxBytes`.
    public static func fetch(_ url: URL, deadline: Duration, maxBytes: Int = 32 << 20) async throws(HomeAPIError) -> Data {
        var request = HTTPSession.Request(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let session = HTTPSession(timeouts: .init(idle: deadline, deadline: deadline))
        let reply: HTTPReply
        do {
            reply = try await session.reply(to: request, maxBytes: maxBytes)
        } catch let error as HomeAPIError {
            throw error
        } catch {
            throw .transport(message: String(describing: error), isTimeout: false)
        }
        guard reply.isSuccess else { throw reply.statusError }
        return reply.body
    }
}
