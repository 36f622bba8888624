/// What every connection asks for, and what a `--database` URL may change: the timeouts that
/// bound how long a statement, a lock wait and an abandoned transaction can last, and TCP
/// keepalives on both sides (docs/backend.md, "Timeouts").
extension PostgresConnection {
    /// The connection parameters every connection starts from (libpq's keywords). Any of them
    /// that the `--database` URL names is the URL's: it is passed after them, as libpq's
    /// `dbname` expansion, which lets it override what comes before it.
    ///
    /// - `connect_timeout` 2: a connection attempt gives up after 2 s (libpq's least).
    /// - `keepalives` on, after 10 s idle, a probe every 5 s, 3 unanswered: an idle pooled
    ///   connection to a host that vanished (a partition, a dead machine) breaks within about
    ///   25 s, so its next request fails over to a new connection at once, instead of waiting
    ///   for its answer deadline (the system's default would wait two hours before probing).
    /// - `tcp_user_timeout` 10000: what was sent and not acknowledged for 10 s ends the
    ///   connection (Linux).
    static let clientDefaults: [(keyword: String, value: String)] = [
        ("connect_timeout", "2"), ("application_name", "vitrine"),
        ("keepalives", "1"), ("keepalives_idle", "10"), ("keepalives_interval", "5"), ("keepalives_count", "3"),
        ("tcp_user_timeout", "10000"),
    ]

    /// The server's settings for each session, sent as libpq's `options` (`-c name=value`).
    /// A URL's own `options` are sent after these, so a `-c` of the URL overrides that setting
    /// alone (the server takes the last value given) and leaves the others in force.
    ///
    /// - `statement_timeout` 3000: a statement runs at most 3 s on the server.
    /// - `lock_timeout` 3000: a statement waits at most 3 s for a lock (a cart another
    ///   transaction holds), then fails (503).
    /// - `idle_in_transaction_session_timeout` 5000: a session that has begun a transaction and
    ///   sends nothing for 5 s is ended by the server, and its locks go with it. Vitrine sends a
    ///   transaction's statements back to back, so such a pause means the instance froze or was
    ///   cut off: without this, the shopper rows it locked (`SELECT … FOR UPDATE`) stayed
    ///   locked until the server's TCP keepalive found it gone, two hours by default.
    /// - `tcp_keepalives_idle` 10, `tcp_keepalives_interval` 5, `tcp_keepalives_count` 3,
    ///   `tcp_user_timeout` 10000: the server's side of the same, so that the sessions of an
    ///   instance that vanished do not keep their connection slots for hours (ignored on a
    ///   Unix socket).
    /// - `client_min_messages` warning: notices, which libpq would print, are not sent.
    static let serverDefaults: [(name: String, value: String)] = [
        ("statement_timeout", "3000"), ("lock_timeout", "3000"), ("idle_in_transaction_session_timeout", "5000"),
        ("tcp_keepalives_idle", "10"), ("tcp_keepalives_interval", "5"), ("tcp_keepalives_count", "3"), ("tcp_user_timeout", "10000"),
        ("client_min_messages", "warning"),
    ]
}
