import SQLiteSupport
import Testing
import TestSupport

/// How every SQLite connection of the process is set up.
@Suite struct SQLiteConnectionTests {
    /// SQLite takes its process-wide settings only before its first use: every connection, the
    /// tests' own too (no test target depends on `CSQLite`), goes through `SQLiteConnection`,
    /// which gives them first, so none of the suites run before this one got there ahead of it.
    @Test func pageCachesAreSetUpBeforeSQLitesFirstUse() throws {
        let directory = try ScratchDirectory("sqlite-setup")
        let database = try SQLiteConnection(path: directory.file("setup.sqlite").path, busyTimeout: .seconds(1))
        defer { database.close() }
        try database.execute("CREATE TABLE t (x)")
        #expect(SQLiteConnection.configured)
    }
}
