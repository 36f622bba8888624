import CSQLite
import Foundation

/// One SQLite connection, used by one owner at a time (the client's outbox actor on its own
/// thread, the backend's writer thread or a reader taken from its pool): a busy timeout so a
/// lock held by another connection is waited for, not failed at once, extended result codes,
/// and statements prepared once with bound parameters only (no SQL is ever built from data).
/// Journal mode and durability are the owner's pragmas.
public final class SQLiteConnection {
    private var handle: OpaquePointer?
    /// Prepared statements by the address of their literal's text: a statement literal is
    /// constant text in the binary, so its address names it without hashing its bytes on every
    /// use (a hot path runs several statements per row).
    private var statements: [LiteralAddress: SQLiteStatement] = [:]

    private struct LiteralAddress: Hashable {
        let start: UnsafeRawPointer
        let count: Int
    }

    /// SQLite set up once, before the process's first connection, so that no allocation of its
    /// reaches the 64 KiB from which the HTTP front has glibc map memory (a mapping per
    /// statement, faulted in and unmapped): page caches without their initial bulk allocation
    /// and statement journals in chunks of 60 KiB. Whether SQLite took both: it refuses once
    /// anything in the process has used it without this type.
    public static let configured: Bool =
        vitrine_sqlite_allocate_page_caches_as_used() == SQLITE_OK
            && vitrine_sqlite_spill_statement_journals_after(statementJournalSpillBytes) == SQLITE_OK

    /// Bytes of a statement journal held in memory, in one chunk, before it spills to a file.
    private static let statementJournalSpillBytes: Int32 = 60 * 1024

    /// Opens (or creates) the database at `path`; a symbolic link above it is resolved, one in
    /// the file's own place is refused.
    public init(path: String, busyTimeout: Duration) throws(SQLiteError) {
        _ = Self.configured
        let path = try Self.resolvingDirectory(of: path)
        var file = stat()
        if lstat(path, &file) == 0, file.st_mode & S_IFMT == S_IFLNK {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "\(path) is a symbolic link, which is never followed")
        }
        var handle: OpaquePointer?
        // Never through a symbolic link: a link in its place would send the writes anywhere.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            throw SQLiteError(code: status, message: message)
        }
        self.handle = handle
        setBusyTimeout(busyTimeout)
        sqlite3_extended_result_codes(handle, 1)
    }

    /// Opens the database at `path` to look at it without writing a byte anywhere: read-only and
    /// as immutable (SQLite's `immutable=1`), so that no lock is taken and no `-wal`, `-shm` or
    /// journal file is made, whatever the file's journal mode. What it reads is the main file
    /// alone: changes still in another process's `-wal` are not seen, and a file another
    /// process writes meanwhile may read as damaged. A symbolic link in the file's place is
    /// refused, as `init(path:busyTimeout:)` refuses it.
    public init(lookingAt path: String) throws(SQLiteError) {
        _ = Self.configured
        let path = try Self.resolvingDirectory(of: path)
        var file = stat()
        if lstat(path, &file) == 0, file.st_mode & S_IFMT == S_IFLNK {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "\(path) is a symbolic link, which is never followed")
        }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let status = sqlite3_open_v2("file:" + Self.uriEscaped(path) + "?immutable=1", &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            throw SQLiteError(code: status, message: message)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
    }

    /// `path` as the path of a `file:` URI: every byte but unreserved ones and `/` as `%XX`, so
    /// that `?`, `#` and `%` in a directory's name stay part of the name.
    private static func uriEscaped(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                escaped += String(format: "%%%02X", byte)
            }
        }
        return escaped
    }

    /// How long a statement waits for a lock another connection holds before it fails busy.
    public func setBusyTimeout(_ timeout: Duration) {
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        sqlite3_busy_timeout(handle, milliseconds)
    }

    deinit {
        close()
    }

    /// `path` with its directory's symbolic links resolved (`realpath`). `SQLITE_OPEN_NOFOLLOW`
    /// refuses a link in any component of the path, not only the last, and a home reached
    /// through one (`/home -> /data/home`, macOS's `/var -> /private/var`) is ordinary; the
    /// file's own name is kept, so a link in its place is still refused.
    public static func resolvingDirectory(of path: String) throws(SQLiteError) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        let directory = slash == path.utf8.startIndex ? "/" : String(path[..<slash])
        let name = String(path[path.utf8.index(after: slash)...])
        guard let resolved = realpath(directory, nil) else {
            let reason = String(cString: strerror(errno))
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "\(directory): \(reason)")
        }
        defer { free(resolved) }
        let real = String(cString: resolved)
        return (real.utf8.last == UInt8(ascii: "/") ? real : real + "/") + name
    }

    /// Finalises every statement and closes the connection.
    public func close() {
        for statement in statements.values { statement.finalize() }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs one statement that has neither parameters nor rows (`BEGIN IMMEDIATE`,
    /// `SAVEPOINT`, `RELEASE`, `COMMIT`) through a statement prepared once: `execute` parses its
    /// SQL on every call, which costs on a path run for every change.
    public func step(_ sql: StaticString) throws(SQLiteError) {
        let statement = try statement(sql)
        defer { statement.reset() }
        _ = try statement.step()
    }

    /// Runs SQL without parameters (pragmas, schema): literals of this module only.
    public func execute(_ sql: StaticString) throws(SQLiteError) {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the connection is closed") }
        let status = sql.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sqlite3_exec(handle, $0.baseAddress, nil, nil, nil) }
        }
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// The prepared statement for `sql` (prepared on first use, then reset and reused).
    public func statement(_ sql: StaticString) throws(SQLiteError) -> SQLiteStatement {
        precondition(sql.hasPointerRepresentation, "a statement is text, not one character")
        let key = LiteralAddress(start: UnsafeRawPointer(sql.utf8Start), count: sql.utf8CodeUnitCount)
        if let cached = statements[key] {
            cached.reset()
            return cached
        }
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the connection is closed") }
        var raw: OpaquePointer?
        let status = sql.withUTF8Buffer { text in
            text.withMemoryRebound(to: CChar.self) { sqlite3_prepare_v2(handle, $0.baseAddress, Int32(text.count), &raw, nil) }
        }
        guard status == SQLITE_OK, let raw else { throw error(status) }
        let statement = SQLiteStatement(raw, connection: self)
        statements[key] = statement
        return statement
    }

    /// How SQLite would run `sql` (`EXPLAIN QUERY PLAN`): the detail of each step, in order,
    /// so that a test can hold a hot statement to its index. Prepared for this call alone.
    public func queryPlan(_ sql: StaticString) throws(SQLiteError) -> [String] {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the connection is closed") }
        let text = "EXPLAIN QUERY PLAN " + sql.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        var raw: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, text, -1, &raw, nil)
        guard status == SQLITE_OK, let raw else { throw error(status) }
        let statement = SQLiteStatement(raw, connection: self)
        defer { statement.finalize() }
        var steps: [String] = []
        while try statement.step() { steps.append(statement.text(3)) }
        return steps
    }

    /// Resets every cached statement. A statement left on a row keeps its read transaction
    /// open, so a connection that is kept for later (a pooled reader) would go on reading that
    /// old snapshot and miss what was committed since: its owner calls this when done.
    public func resetStatements() {
        for statement in statements.values { statement.reset() }
    }

    /// Runs `body` in a write transaction taken with `BEGIN IMMEDIATE` (the write lock up
    /// front, so a read never has to be upgraded and fail busy halfway); rolls back on error.
    public func writeTransaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Whether the database was opened read-only: SQLite falls back to that, silently, for a
    /// file this user may not write (another user's, or one made read-only).
    public var isReadOnly: Bool {
        handle.map { sqlite3_db_readonly($0, "main") == 1 } ?? true
    }

    /// Whether no transaction is open: SQLite ends one by itself after some errors (a full
    /// disk, an I/O error), which a caller about to roll back needs to know.
    public var isAutocommit: Bool {
        handle.map { sqlite3_get_autocommit($0) != 0 } ?? true
    }

    /// Rows changed by the last statement.
    public var changes: Int {
        handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    public func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed")
    }
}

/// A prepared statement: bind by 1-based index, step, read columns.
public final class SQLiteStatement {
    private var raw: OpaquePointer?
    private unowned let connection: SQLiteConnection

    init(_ raw: OpaquePointer, connection: SQLiteConnection) {
        self.raw = raw
        self.connection = connection
    }

    public func finalize() {
        sqlite3_finalize(raw)
        raw = nil
    }

    public func reset() {
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
    }

    public func bind(_ index: Int32, _ value: Int64) throws(SQLiteError) {
        try check(sqlite3_bind_int64(raw, index, value))
    }

    public func bind(_ index: Int32, _ value: Double) throws(SQLiteError) {
        try check(sqlite3_bind_double(raw, index, value))
    }

    public func bind(_ index: Int32, _ value: String) throws(SQLiteError) {
        let status = value.utf8CString.withUnsafeBufferPointer { buffer in
            sqlite3_bind_text(raw, index, buffer.baseAddress, Int32(buffer.count - 1), vitrine_sqlite_transient())
        }
        try check(status)
    }

    public func bind(_ index: Int32, _ value: Data) throws(SQLiteError) {
        let status = value.withUnsafeBytes { buffer in
            sqlite3_bind_blob(raw, index, buffer.baseAddress, Int32(buffer.count), vitrine_sqlite_transient())
        }
        try check(status)
    }

    public func bind(_ index: Int32, _ value: [UInt8]) throws(SQLiteError) {
        let status = value.withUnsafeBytes { buffer in
            sqlite3_bind_blob(raw, index, buffer.baseAddress, Int32(buffer.count), vitrine_sqlite_transient())
        }
        try check(status)
    }

    /// Steps once: `true` when a row is ready, `false` when done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let status = sqlite3_step(raw)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(status)
        }
    }

    public func bindNull(_ index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(raw, index))
    }

    /// Whether a column of the current row is SQL NULL.
    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(raw, column) == SQLITE_NULL
    }

    public func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(raw, column)
    }

    public func double(_ column: Int32) -> Double {
        sqlite3_column_double(raw, column)
    }

    public func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(raw, column) else { return "" }
        return String(cString: pointer)
    }

    public func data(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(raw, column))
        guard count > 0, let pointer = sqlite3_column_blob(raw, column) else { return Data() }
        return Data(bytes: pointer, count: count)
    }

    /// A column's bytes (a BLOB's, or a text's UTF-8 without a terminator).
    public func bytes(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(raw, column))
        guard count > 0, let pointer = sqlite3_column_blob(raw, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    private func check(_ status: Int32) throws(SQLiteError) {
        guard status == SQLITE_OK else { throw connection.error(status) }
    }
}
