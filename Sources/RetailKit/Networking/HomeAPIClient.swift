import FlowCore
import FlowRuntime
import Foundation
import HTTPTransport
import RetailContract

/// The backend's HTTP API (CONTRACT §10) over `HTTPSession`: pages with the client's profile and
/// revalidation by `ETag`, the cart with idempotency keys, search suggestions, analytics
/// batches, and `api` actions as the runtime's `ActionTransport`.
///
/// Every URL is made by `APIEndpoint.url(on:)` from a checked path on `baseURL`'s origin, so a
/// request (and the session token the cart's and the events' requests carry) never goes to
/// another host. The client keeps no HTTP cache: `HomeCache` owns revalidation, and a 304 is
/// seen as a 304. The shopper is the client's guest session (`GuestSession`), never a name the
/// client picks: the profile's user names a local profile only and is not sent.
public final class HomeAPIClient: Sendable {
    /// How the client talks to the backend.
    public struct Configuration: Sendable {
        /// The backend's origin (`http://127.0.0.1:8080`); its path is not used.
        public var baseURL: URL
        /// The backend as what the client keeps is keyed. Default `baseURL`'s origin.
        public var backend: BackendIdentity
        /// Who asks, and for which composition.
        public var profile: ClientProfile
        /// How long a request may wait for a connection, and then between bytes, before it
        /// fails as a timeout. Default 15 s.
        public var requestTimeout: Duration = .seconds(15)
        /// The longest a whole request may take, from sending it to the last byte of its
        /// answer, however slowly the bytes come; past it the request fails as a timeout.
        /// Default 60 s.
        public var responseDeadline: Duration = .seconds(60)
        /// The largest answer read; a larger one fails as undecodable. Default 32 MiB.
        public var maxResponseBytes = 32 << 20
        /// Where the guest session is kept (`session.json` in the profile's data directory for this
        /// backend); nil keeps it in memory for this client's life. Default nil.
        public var sessionFile: URL?
        /// Told the `Date` of every answer, so campaigns follow the backend's time. Default none.
        public var serverClock: ServerClock?

        public init(baseURL: URL, profile: ClientProfile, backend: BackendIdentity? = nil) {
            self.baseURL = baseURL
            self.profile = profile
            self.backend = backend ?? BackendIdentity(origin: baseURL) ?? BackendIdentity(name: "unusable")!
        }
    }

    public let configuration: Configuration
    private let session: HTTPSession
    /// The guest session the cart and the events use.
    public let guestSession: GuestSession

    /// A client for `configuration`; throws `.refused` when the base URL is not http(s) with a
    /// host, or carries credentials (`user:password@`: they would go out with every request
    /// and into what is logged and cached; the backend knows the shopper by its guest session).
    public init(configuration: Configuration) throws(HomeAPIError) {
        if let refusal = Self.refusal(of: configuration.baseURL) { throw .refused(refusal) }
        self.configuration = configuration
        session = HTTPSession(timeouts: .init(idle: configuration.requestTimeout, deadline: configuration.responseDeadline))
        guestSession = GuestSession(file: configuration.sessionFile)
    }

    /// Why `url` cannot be a backend's, or nil. Never repeats the URL: it may hold a password.
    public static func refusal(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else {
            return "the backend URL must be http(s) with a host"
        }
        guard !URLCredentials.present(in: url) else {
            return "the backend URL must not carry a user name or password (user:password@)"
        }
        return nil
    }

    /// Which session a request carries.
    enum SessionUse {
        /// None (search, actions, the session's own making).
        case none
        /// The one held, else a new one, but a request whose session cannot be made goes without
        /// (pages: the session is the experiment unit, and a page must load whatever happens).
        case preferred
        /// One is made when none is held, and a 401 `invalid_session` makes a new one and sends
        /// the request once more (the cart, the events: nothing was done under a rejected one).
        case required
    }

    public var profile: ClientProfile { configuration.profile }

    /// Sends one request to `endpoint` on the backend's origin and returns its answer,
    /// whatever its status. Throws `HomeAPIError.transport` when there is none and
    /// `CancellationError` when the calling task is cancelled (the request is cancelled too).
    func send(
        _ endpoint: APIEndpoint, method: String = "GET", headers: [(String, String)] = [], body: Data? = nil, session use: SessionUse = .none
    ) async throws -> HTTPReply {
        switch use {
        case .none:
            return try await send(endpoint, method: method, headers: headers, body: body, token: nil)
        case .preferred:
            let token = try? await guestSession.token(making: { [self] in try await startSession() })
            try Task.checkCancellation()
            return try await send(endpoint, method: method, headers: headers, body: body, token: token)
        case .required:
            let make: @Sendable () async throws -> GuestSession.Grant = { [self] in try await startSession() }
            let token = try await guestSession.token(making: make)
            let reply = try await send(endpoint, method: method, headers: headers, body: body, token: token)
            guard reply.status == 401, reply.statusError.code?.isByteEqual(to: RetailErrorCode.invalidSession.rawValue) == true else { return reply }
            let fresh = try await guestSession.replace(rejected: token, making: make)
            return try await send(endpoint, method: method, headers: headers, body: body, token: fresh)
        }
    }

    /// `POST /v1/sessions`: a new guest session, its token checked before it is ever sent.
    func startSession() async throws -> GuestSession.Grant {
        let reply = try await send(try Self.endpoint(RetailRoutes.sessions), method: "POST", headers: [], body: nil, token: nil)
        guard reply.isSuccess else { throw reply.statusError }
        guard let document = try? JSONParser.parse(reply.body), let token = document["token"]?.stringValue,
            let shopper = document["shopper_id"]?.stringValue, let grant = GuestSession.Grant(token: token, shopperID: shopper)
        else { throw HomeAPIError.undecodable("a session must be {token, shopper_id} with a token of at most 256 token68 characters") }
        return grant
    }

    private func send(
        _ endpoint: APIEndpoint, method: String, headers: [(String, String)], body: Data?, token: String?
    ) async throws -> HTTPReply {
        guard let url = endpoint.url(on: configuration.baseURL) else {
            throw HomeAPIError.refused("no URL for \(endpoint) on \(configuration.baseURL)")
        }
        var request = HTTPSession.Request(url: url, method: method)
        if let token { request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization") }
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.body = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let reply = try await session.reply(to: request, maxBytes: configuration.maxResponseBytes)
        configuration.serverClock?.observe(date: reply.header("date"), age: reply.header("age"))
        return reply
    }

    /// Like `send`, but an answer outside 2xx throws its `HomeAPIError.status`.
    func sendExpectingSuccess(
        _ endpoint: APIEndpoint, method: String = "GET", headers: [(String, String)] = [], body: Data? = nil, session use: SessionUse = .none
    ) async throws -> HTTPReply {
        let reply = try await send(endpoint, method: method, headers: headers, body: body, session: use)
        guard reply.isSuccess else { throw reply.statusError }
        return reply
    }

    /// `path?query` as a checked endpoint. Paths and queries are built here from encoded
    /// parts only, so the check holds; a failure means a bug, reported as refused.
    static func endpoint(_ path: String, query: [(String, String)] = []) throws(HomeAPIError) -> APIEndpoint {
        let text = query.isEmpty ? path : path + "?" + query.map { "\($0.0)=\(URLEncoding.component($0.1))" }.joined(separator: "&")
        guard let endpoint = APIEndpoint(text) else { throw .refused("'\(text.clipped(toUTF8Bytes: 120))' is not a path") }
        return endpoint
    }

    /// The query every page request carries: locale, app version, segment and capabilities.
    var profileQuery: [(String, String)] {
        let profile = configuration.profile
        return [
            ("locale", profile.locale), ("appVersion", profile.appVersion.description), ("userSegment", profile.segment),
            ("capabilities", profile.sortedCapabilities.joined(separator: ",")),
        ]
    }
}

extension HomeAPIClient: ActionTransport {
    /// Posts an `api` action's body to its endpoint, a path on the backend's own origin (the
    /// call is checked already; `APIEndpoint.url(on:)` makes the URL). Anything else is
    /// refused before a byte is sent.
    public func send(_ call: ActionCall) async throws -> Data {
        let reply = try await sendExpectingSuccess(
            call.endpoint, method: call.method.rawValue, body: call.method == .get ? nil : call.body)
        return reply.body
    }
}

/// Percent-encoding of the parts the client puts into paths and queries.
enum URLEncoding {
    /// `text` as one path segment: `component(text)`, and a segment of only `.` or `..` with
    /// its dots as `%2E`, since URL handling (curl's included) removes dot segments, which
    /// would send `/v1/pages/..` to `/v1/`.
    static func pathSegment(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8) else { return component(text) }
        return String(repeating: "%2E", count: bytes.count)
    }

    /// Every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) as `%XX`, so no value can
    /// add a path segment or a query parameter of its own.
    static func component(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: ","):
                // Capabilities are joined by commas, which a query may hold as they are.
                encoded.append(",")
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
