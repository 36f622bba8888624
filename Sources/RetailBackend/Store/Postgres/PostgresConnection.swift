import CPostgres
import Foundation

/// One libpq connection, used by one thread at a time: statements are SQL literals of this
/// module with `$n` parameters sent apart from them (never SQL built from data), results read
/// as text.
final class PostgresConnection {
    private var handle: OpaquePointer?

    /// Connects to `url` (a `postgresql://` URI or a `key=value` string), with defaults the URI
    /// may override: give up connecting after 3 s, and end any statement after 5 s, so that a
    /// database that stops answering costs a request seconds, never a hang; notices (which
    /// libpq would print on standard error) are not sent.
    init(url: String) throws(PostgresError) {
        let keywords = ["connect_timeout", "application_name", "options", "dbname"]
        let values = ["3", "vitrine", "-c statement_timeout=5000 -c lock_timeout=5000 -c client_min_messages=warning", url]
        let handle = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let handle, PQstatus(handle) == CONNECTION_OK else {
            let message = handle.map { String(cString: PQerrorMessage($0)) } ?? "out of memory"
            PQfinish(handle)
            throw PostgresError(state: nil, message: message.trimmingCharacters(in: .whitespacesAndNewlines), isConnectionLost: true)
        }
        self.handle = handle
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
        let result = sql.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                Self.withOptionalCStrings(parameters) { values in
                    PQexecParams(handle, text.baseAddress, Int32(parameters.count), nil, values, nil, nil, 0)
                }
            }
        }
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
    func executeScript(_ sql: StaticString) throws(PostgresError) {
        guard let handle else { throw PostgresError(state: nil, message: "the connection is closed", isConnectionLost: true) }
        let result = sql.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { PQexec(handle, $0.baseAddress) }
        }
        defer { PQclear(result) }
        guard let result, PQresultStatus(result) == PGRES_COMMAND_OK || PQresultStatus(result) == PGRES_TUPLES_OK else {
            let state = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
            throw PostgresError(state: state, message: String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines),
                                isConnectionLost: Self.isLost(handle, state: state))
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
