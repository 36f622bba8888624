import CMicroHTTPD
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The backend's HTTP front on libmicrohttpd: a thread pool polling with poll(2), limits on
/// heads, bodies, connections, idle time and slow clients, JSON errors for what the front
/// itself refuses, and one log line per request. Everything else is the handler's.
///
/// poll, not epoll: with 0.9.75's epoll mode a client that closes mid-request keeps its slot
/// until the idle timeout, while poll sees the close at once (docs/backend.md).
///
/// What the front answers itself, before the handler:
/// - 400 for a head it will not frame (`HTTPFraming`: repeated or conflicting lengths, a
///   missing `Host`, an invalid header name or value), 501 for a transfer coding other than
///   chunked, 414/431 for a target or head over `maxHeaderBytes` or too many query
///   arguments; each closes the connection after the answer;
/// - 413 `payload_too_large` for a body over `maxBodyBytes` (by `Content-Length` up front,
///   or counted while a chunked body arrives);
/// - 415 `unsupported_media_type` for a non-JSON body when `isJSONBodyRequired`;
/// - `staticRoutes` for `GET`/`HEAD`;
/// - libmicrohttpd's own 400 (malformed request line or header), 431 (headers too large),
///   414 (target too long) or a closed connection, for requests it cannot parse; these are
///   not JSON because they happen before a request exists.
/// Everything else, including unknown methods, 404, 405 and JSON validation, goes to the
/// handler.
public final class HTTPServer: Sendable {
    /// The port bound, which is the one asked for unless that was 0.
    public let port: Int
    /// The host as configured.
    public let host: String
    private let core: HTTPServerCore
    private let daemon: Mutex<MHDHandle?>

    /// Binds and starts serving at once; `stop()` (or deinit) ends it.
    ///
    /// - Parameter log: receives one line per request, from the worker threads; nil (the
    ///   default) skips formatting them at all, which benchmarks rely on.
    public init(
        handler: any HTTPHandler, configuration: Configuration = .ephemeral,
        log: (@Sendable (String) -> Void)? = nil
    ) throws(HTTPServerError) {
        try Self.validate(configuration)
        var address = try HTTPBindAddress(host: configuration.host, port: configuration.port)
        _ = Self.largeAllocationsMapped
        let core = HTTPServerCore(handler: handler, configuration: configuration, log: log)

        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_POLL.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let timeout = configuration.connectionTimeout.components
        let timeoutSeconds = max(1, timeout.seconds + (timeout.attoseconds > 0 ? 1 : 0))

        let retainedCore = Unmanaged.passRetained(core)
        let started: OpaquePointer? = withUnsafePointer(to: &address.storage) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                var settings = vitrine_mhd_settings(
                    flags: flags,
                    thread_pool_size: UInt32(configuration.threadCount),
                    connection_memory_limit: Self.poolBytes(configuration),
                    connection_timeout: UInt32(clamping: timeoutSeconds),
                    connection_limit: UInt32(configuration.maxConnections),
                    address: socketAddress)
                return vitrine_mhd_start(
                    &settings,
                    HTTPServerCallbacks.acceptPolicy, retainedCore.toOpaque(),
                    HTTPServerCallbacks.access, retainedCore.toOpaque(),
                    HTTPServerCallbacks.completed, retainedCore.toOpaque(),
                    HTTPServerCallbacks.started, retainedCore.toOpaque(),
                    HTTPServerCallbacks.connection, retainedCore.toOpaque())
            }
        }
        guard let started else {
            retainedCore.release()
            throw .cannotStart(host: configuration.host, port: configuration.port)
        }
        self.core = core
        self.daemon = Mutex(MHDHandle(pointer: started))
        core.watch.start(tick: Self.watchTick(configuration)) { [core] in
            core.releaseAbandonedSuspensions()
            // glibc keeps freed blocks under the mapping threshold in its arenas; once bodies
            // worth 8 MiB have come and gone, and none is arriving, it is asked to return them.
            if core.watch.shouldReleaseMemory(threshold: 8 << 20) { vitrine_malloc_trim() }
        }
        self.host = configuration.host
        self.port = Int(vitrine_mhd_bound_port(started))
    }

    deinit {
        stop()
    }

    /// `http://host:port`, for clients and the `listening on` line.
    public var baseURL: String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }

    /// Requests begun and not yet completed (0 once stopped: every request context is freed).
    public var requestsInFlight: Int { core.requestsInFlight }

    /// Connections open now (accepted and not yet closed).
    public var openConnections: Int { core.watch.count }

    /// Connections held for a delayed response now.
    public var suspendedConnections: Int { core.suspendedCount }

    /// Waits, at most `timeout`, until `condition` holds, re-reading it whenever a connection
    /// closes or a delayed response is released: for tests and operators that wait for
    /// clients to be gone. Returns whether it held.
    public func wait(timeout: Duration, until condition: (HTTPServer) -> Bool) -> Bool {
        core.watch.wait(until: { condition(self) }, timeout: timeout)
    }

    /// Stops accepting connections, sends delayed responses now, waits up to `drainTimeout`
    /// for requests in flight, then closes every connection. Safe to call twice.
    ///
    /// Never call it from a handler: `MHD_stop_daemon` joins the worker threads, one of which
    /// would be the caller, so it would wait for itself. Stop from another thread or task.
    public func stop() {
        guard let daemon = daemon.withLock({ $0.take() })?.pointer else { return }
        let listener = MHD_quiesce_daemon(daemon)
        if !core.beginStop() {
            _ = core.drained.wait(timeout: .now() + .nanoseconds(Self.nanoseconds(core.configuration.drainTimeout)))
        }
        // The watch resumes connections and shuts sockets down: it stops before the daemon.
        core.watch.stop()
        MHD_stop_daemon(daemon)
        // The quiesced listening socket is ours to close, and only after the daemon stopped.
        if listener >= 0 { close(listener) }
        // libmicrohttpd holds no reference to the core any more.
        Unmanaged.passUnretained(core).release()
    }

    /// A duration in nanoseconds for Dispatch, saturating instead of overflowing.
    static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let whole = Int(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return whole.overflow ? Int.max : whole.partialValue.addingReportingOverflow(Int(attoseconds / 1_000_000_000)).partialValue
    }

    /// How often the watch looks: a fraction of the shortest deadline, 20–250 ms.
    static func watchTick(_ configuration: Configuration) -> Duration {
        let shortest = [configuration.headTimeout, configuration.bodyRateWindow, configuration.pressureHeadTimeout].min() ?? .seconds(1)
        return min(.milliseconds(250), max(.milliseconds(20), shortest / 8))
    }

    /// libmicrohttpd's per-connection memory pool: the least that lets the front, not the pool
    /// running out, answer every head of up to `maxHeaderBytes` with up to `maxHeaderFields`
    /// fields, and heads of many more small fields too (docs/backend.md).
    ///
    /// 0.9.75 zeroes the whole pool after every request of a kept-alive connection, so every
    /// byte here costs every request. After that reset half the pool is the read buffer, which
    /// holds a whole head of `maxHeaderBytes`; each field takes a 64-byte record from the other
    /// end, first from the other half, then from the read buffer's unused tail; the response's
    /// head is written into what is left. Twice the head limit, a record per allowed field and
    /// 2 KiB for the response's head: 72 KiB by default (a 7 KB head of 1,000 fields fits).
    static func poolBytes(_ configuration: Configuration) -> Int {
        2 * configuration.maxHeaderBytes + fieldRecordBytes * configuration.maxHeaderFields + responseHeadBytes
    }

    /// The size of libmicrohttpd 0.9.75's record of one header field in the pool (seven words,
    /// rounded up to its 16-byte alignment).
    static let fieldRecordBytes = 64
    /// Room in the pool for the head of the response the front queues.
    static let responseHeadBytes = 2048

    /// Request bodies of 64 KiB and more get their own mapping from glibc, so their memory
    /// goes back to the system when they are freed (once per process, on the first server).
    private static let largeAllocationsMapped: Void = vitrine_malloc_map_from(64 * 1024)

    /// Why `configuration` cannot serve, found before anything is opened: a host that is not a
    /// numeric address, a port outside 0–65535, a limit out of range. `vitrine serve` asks
    /// before it opens its store, so a mistyped `--host` never makes or migrates a database.
    public static func check(_ configuration: Configuration) throws(HTTPServerError) {
        try validate(configuration)
        _ = try HTTPBindAddress(host: configuration.host, port: configuration.port)
    }

    private static func validate(_ configuration: Configuration) throws(HTTPServerError) {
        let positive: [(String, Int)] = [
            ("threadCount", configuration.threadCount),
            ("maxHeaderBytes", configuration.maxHeaderBytes),
            ("maxHeaderFields", configuration.maxHeaderFields),
            ("maxQueryArguments", configuration.maxQueryArguments),
            ("maxConnections", configuration.maxConnections),
            ("maxConnectionsPerAddress", configuration.maxConnectionsPerAddress),
            ("maxSuspendedConnections", configuration.maxSuspendedConnections),
        ]
        for (name, value) in positive where value < 1 || value > Int(UInt32.max) {
            throw .invalidConfiguration("\(name) must be between 1 and \(UInt32.max), not \(value)")
        }
        guard poolBytes(configuration) <= Int(UInt32.max) else {
            // libmicrohttpd's pool grows with both limits (`poolBytes`).
            throw .invalidConfiguration("maxHeaderBytes and maxHeaderFields ask for a per-connection pool over 4 GiB: "
                + "twice maxHeaderBytes plus 64 bytes a field must stay under it")
        }
        guard configuration.maxBodyBytes >= 0 else {
            throw .invalidConfiguration("maxBodyBytes must not be negative")
        }
        for (name, duration) in [("connectionTimeout", configuration.connectionTimeout), ("headTimeout", configuration.headTimeout),
                                 ("bodyRateWindow", configuration.bodyRateWindow), ("maxBodyDuration", configuration.maxBodyDuration),
                                 ("pressureHeadTimeout", configuration.pressureHeadTimeout)] where duration <= .zero {
            throw .invalidConfiguration("\(name) must be positive")
        }
        guard configuration.minimumBodyRate >= 0 else {
            throw .invalidConfiguration("minimumBodyRate must not be negative")
        }
        guard configuration.pressureThreshold > 0, configuration.pressureThreshold <= 1 else {
            throw .invalidConfiguration("pressureThreshold must be above 0 and at most 1")
        }
    }
}
