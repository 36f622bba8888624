import CPostgres
import Foundation

/// One libpq connection, used by one thread at a time: statements are SQL literals of this
/// module with `$n` parameters sent apart from them (never SQL built from data), results read
/// as text.
///
/// Every statement has a deadline on this side too (`answerDeadline`): the server's
/// `statement_timeout` ends a slow statement, but a server that stops answering with its socket
/// still open (a frozen host, a network partition) sends nothing at all, and a blocking
/// `PQexec` would wait for it for ever. Statements are sent without blocking and their answer
/// awaited with `poll` on the connection's socket; past the deadline the connection counts as
/// lost (nothing is known of the statement's fate, as with a connection that broke).
final class PostgresConnection {
    private var handle: OpaquePointer?
    private let answerDeadline: Duration

    /// Connects to `url` (a `postgresql://` URI or a `key=value` string) with `clientDefaults`
    /// and `serverDefaults`, each of which the URL may override, and waits at most
    /// `answerDeadline` for each answer here, so that a database that stops answering costs a
    /// request seconds, never a hang.
    init(url: String, answerDeadline: Duration = .seconds(4)) throws(PostgresError) {
        self.answerDeadline = answerDeadline
        if let refusal = PostgresURL.refusal(url) { throw PostgresError(state: nil, message: refusal, isConnectionLost: true) }
        let settings = Self.serverDefaults.map { "-c \($0.name)=\($0.value)" }.joined(separator: " ")
        var parameters = Self.clientDefaults + [("options", settings), ("dbname", url)]
        // A URL's `options`, even an empty one (`options=${UNSET}`), would replace ours whole:
        // ours go first in its place.
        if let options = PostgresURL.parameter("options", of: url) {
            parameters.append(("options", options.isEmpty ? settings : settings + " " + options))
        }
        let handle = Self.withCStrings(parameters.map(\.keyword)) { keywords in
            Self.withCStrings(parameters.map(\.value)) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let handle, PQstatus(handle) == CONNECTION_OK, PQsetnonblocking(handle, 1) == 0 else {
            let message = handle.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
            PQfinish(handle)
            throw PostgresError(state: nil, message: PostgresURL.redacted(message, of: url), isConnectionLost: true)
        }
        self.handle = handle
    }

    /// The value libpq connected with for `keyword` (`keepalives_idle`, `options`, …), nil when
    /// none was set: what the defaults and the URL came to.
    func connectionParameter(_ keyword: String) -> String? {
        guard let handle, let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        return PostgresURL.value(of: keyword, in: options)
    }

    deinit {
        close()
    }

    func close() {
        PQfinish(handle)
        handle = nil
    }

    /// Whether the connection is gone (the server restarted or went away).
    var isBroken: Bool {
        handle.map { PQstatus($0) != CONNECTION_OK } ?? true
    }

    /// Runs one statement with text parameters (nil is NULL) and returns its rows as text.
    @discardableResult
    func execute(_ sql: StaticString, _ parameters: [String?] = []) throws(PostgresError) -> PostgresRows {
        guard let handle else { throw PostgresError(state: nil, message: "the connection is closed", isConnectionLost: true) }
        let deadline = Deadline(limit: answerDeadline)
        let sent = sql.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                Self.withOptionalCStrings(parameters) { values in
                    PQsendQueryParams(handle, text.baseAddress, Int32(parameters.count), nil, values, nil, nil, 0)
                }
            }
        }
        let result = try answer(to: sent, on: handle, by: deadline)
        defer { PQclear(result) }
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK, let result else {
            let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
            let message = String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
            throw PostgresError(state: state, message: message, isConnectionLost: Self.isLost(handle, state: state))
        }
        var rows: [[String?]] = []
        let columns = PQnfields(result)
        for row in 0..<PQntuples(result) {
            rows.append((0..<columns).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            })
        }
        let affected = Int(String(cString: PQcmdTuples(result))) ?? 0
        return PostgresRows(rows: rows, affected: affected)
    }

    /// Runs several statements without parameters (the schema's migrations): literals only.
    /// Their answer is awaited for `limit` (a migration's may take long), else `answerDeadline`.
    func executeScript(_ sql: StaticString, answerWithin limit: Duration? = nil) throws(PostgresError) {
        guard let handle else { throw PostgresError(state: nil, message: "the connection is closed", isConnectionLost: true) }
        let deadline = Deadline(limit: limit ?? answerDeadline)
        let sent = sql.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { PQsendQuery(handle, $0.baseAddress) }
        }
        let result = try answer(to: sent, on: handle, by: deadline)
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_COMMAND_OK || PQresultStatus(result) == PGRES_TUPLES_OK else {
            let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
            throw PostgresError(state: state, message: String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines),
                                isConnectionLost: Self.isLost(handle, state: state))
        }
    }

    /// The answer to a statement just sent (`sent` is `PQsend…`'s return), awaited until
    /// `deadline`: the first error among its results, else its last result, as `PQexec` gives.
    /// A connection that says nothing by then is closed and reported lost.
    private func answer(to sent: Int32, on handle: OpaquePointer, by deadline: Deadline) throws(PostgresError) -> OpaquePointer? {
        guard sent == 1 else { return nil }
        do throws(PostgresError) {
            // Non-blocking: what did not fit in the socket's buffer goes as the socket takes it.
            while case let flushed = PQflush(handle), flushed != 0 {
                guard flushed == 1 else { return nil }
                try wait(on: handle, for: Int16(POLLIN | POLLOUT), until: deadline)
                guard PQconsumeInput(handle) == 1 else { return nil }
            }
            var kept: OpaquePointer?
            while true {
                while PQisBusy(handle) == 1 {
                    try wait(on: handle, for: Int16(POLLIN), until: deadline)
                    guard PQconsumeInput(handle) == 1 else {
                        PQclear(kept)
                        return nil
                    }
                }
                guard let next = PQgetResult(handle) else { return kept }
                if let held = kept, PQresultStatus(held) == PGRES_FATAL_ERROR {
                    PQclear(next)
                } else {
                    PQclear(kept)
                    kept = next
                }
            }
        } catch {
            close()
            throw error
        }
    }

    /// When an answer is given up for: `limit` from when the statement is sent.
    private struct Deadline {
        let limit: Duration
        let instant: ContinuousClock.Instant

        init(limit: Duration) {
            self.limit = limit
            instant = ContinuousClock.now + limit
        }
    }

    /// Waits until the socket is ready for `events`, or throws a lost connection at `deadline`.
    private func wait(on handle: OpaquePointer, for events: Int16, until deadline: Deadline) throws(PostgresError) {
        var descriptor = pollfd(fd: PQsocket(handle), events: events, revents: 0)
        while true {
            let left = deadline.instant - ContinuousClock.now
            guard left > .zero else {
                throw PostgresError(state: nil, message: "the database did not answer within \(deadline.limit)", isConnectionLost: true, isSilent: true)
            }
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno != EINTR {
                throw PostgresError(state: nil, message: "the connection's socket failed (errno \(errno))", isConnectionLost: true)
            }
        }
    }

    /// Whether a failed call means the connection is gone: libpq says so, or the failure has no
    /// SQLSTATE (libpq's own: the server closed the socket, which the status only shows later),
    /// or the server said it is ending the connection (class 08, 57P: shutting down, restarting).
    private static func isLost(_ handle: OpaquePointer, state: String?) -> Bool {
        guard PQstatus(handle) == CONNECTION_OK, let state else { return true }
        return state.hasPrefix("08") || state.hasPrefix("57P")
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        withOptionalCStrings(strings.map { Optional($0) }, body)
    }

    /// The strings as a C array of C strings (NULL for nil), followed by a NULL entry, valid
    /// for the call.
    private static func withOptionalCStrings<Result>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = strings.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// A statement's rows (text, nil for NULL) and the rows it changed.
struct PostgresRows {
    var rows: [[String?]]
    var affected: Int

    /// The first row's column, as text.
    func value(_ column: Int, row: Int = 0) -> String? {
        guard row < rows.count, column < rows[row].count else { return nil }
        return rows[row][column]
    }
}

/// A failed libpq call: its SQLSTATE when the server sent one, its message, and whether the
/// connection is gone.
struct PostgresError: Error, CustomStringConvertible {
    var state: String?
    var message: String
    var isConnectionLost: Bool
    /// The server said nothing within the deadline: another connection would most likely wait
    /// as long, so the job is not run again at once.
    var isSilent = false

    var description: String { "PostgreSQL" + (state.map { " \($0)" } ?? "") + ": " + message }

    /// A serialisation failure or deadlock (class 40): the transaction may simply be run again.
    var isRetryable: Bool { state?.hasPrefix("40") ?? false }

    /// What the client is told: the disk is full (53100) or out of room (class 53), the server
    /// is away, shutting down or refusing connections (class 08, 57P0x), a timeout (57014,
    /// 55P03), or the server's own fault.
    var storeError: StoreError {
        let state = self.state ?? ""
        if state.hasPrefix("53") { return .full(description) }
        if isConnectionLost || state.hasPrefix("08") || state.hasPrefix("57P") || state == "57014" || state == "55P03" {
            return .unavailable(description)
        }
        return .failed(description)
    }
}
