import Foundation

extension HTTPServer {
    /// How the server binds, how many threads it runs and what it refuses. The defaults are
    /// those of `vitrine serve`: loopback only, because the backend is a local demo service.
    public struct Configuration: Sendable {
        /// A numeric IPv4 or IPv6 address, or `localhost`. Default `127.0.0.1`.
        public var host: String = "127.0.0.1"
        /// 0 binds an ephemeral port; `HTTPServer.port` says which. Default 8080.
        public var port: Int = 8080
        /// Worker threads polling connections. 1 runs a single thread, which still serves
        /// delayed responses concurrently because they suspend their connection.
        /// Default: the number of active processors, at least 2.
        public var threadCount: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)
        /// The largest request head (target and header fields, in bytes): a bigger one gets 431,
        /// a target alone longer than this 414. libmicrohttpd's per-connection memory pool is
        /// twice this plus 64 bytes per `maxHeaderFields` and 2 KiB (72 KiB by default), so that
        /// the front's check, not the pool running out, decides for every head of this size with
        /// up to `maxHeaderFields` fields (and for many more: docs/backend.md). Default 32 KiB.
        public var maxHeaderBytes: Int = 32 * 1024
        /// Header fields in one head; more get 431. Default 100.
        public var maxHeaderFields: Int = 100
        /// Query arguments in one target; more get 414. Default 100.
        public var maxQueryArguments: Int = 100
        /// The largest request body; a bigger one gets 413. Default 1 MiB.
        public var maxBodyBytes: Int = 1 << 20
        /// An idle or stalled connection (also one stuck mid-body) is closed after this,
        /// rounded up to whole seconds. Default 10 s.
        public var connectionTimeout: Duration = .seconds(10)
        /// A request head (from the connection's start, or the end of the previous request,
        /// to the last header) must arrive within this, however steadily it trickles: the
        /// connection is closed otherwise. Default 10 s.
        public var headTimeout: Duration = .seconds(10)
        /// A body must bring at least this many bytes a second over every `bodyRateWindow` (a
        /// sliding window, so what came first does not pay for a stall later), or the
        /// connection is closed. Default 1024.
        public var minimumBodyRate: Int = 1024
        /// The window the body rate is measured over; a body's first window is its grace.
        /// Default 10 s.
        public var bodyRateWindow: Duration = .seconds(10)
        /// A whole body must be in within this, at any rate. Default 60 s.
        public var maxBodyDuration: Duration = .seconds(60)
        /// Connections open at once, over all clients. Each costs a socket and its memory pool
        /// (72 KiB at the default limits, see `maxHeaderBytes`). Default 4096.
        public var maxConnections: Int = 4096
        /// Connections open at once from one address, IPv6 counted by its /64 prefix (loopback
        /// counts as one client, so this must exceed a load generator's connections). Under
        /// pressure an address gets less (`pressureThreshold`). Default 64.
        public var maxConnectionsPerAddress: Int = 64
        /// The share of `maxConnections` past which the server is under pressure: a head (or a
        /// slow body) then gets `pressureHeadTimeout` instead of `headTimeout`, the oldest
        /// first, and a new connection is accepted only from an address holding less than its
        /// fair share of this mark. Default 0.75.
        public var pressureThreshold: Double = 0.75
        /// How long a head may take under pressure. Default 1 s.
        public var pressureHeadTimeout: Duration = .seconds(1)
        /// Connections held for a delayed (fault) response at once; past it, delays are
        /// dropped. Default 256.
        public var maxSuspendedConnections: Int = 256
        /// When set, a `POST`, `PUT` or `PATCH` with a body whose `Content-Type` is not JSON
        /// (`application/json` or `…+json`) gets 415 before the handler sees it, because
        /// every body of the API (contract §10) is JSON. Default true.
        public var isJSONBodyRequired: Bool = true
        /// Fixed responses for `GET`/`HEAD` of exact paths, answered before the handler
        /// through the same front (used by `vitrine bench serve` as the static baseline).
        /// Default none.
        public var staticRoutes: [String: HTTPResponse] = [:]
        /// How long `stop()` waits for requests in flight before it closes connections.
        /// Default 5 s.
        public var drainTimeout: Duration = .seconds(5)

        public init() {}

        /// A configuration for tests and in-process uses: loopback, an ephemeral port.
        public static var ephemeral: Configuration {
            var configuration = Configuration()
            configuration.port = 0
            return configuration
        }
    }
}
