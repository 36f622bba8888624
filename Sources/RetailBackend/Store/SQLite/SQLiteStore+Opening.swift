import Foundation
import PrivateFiles
import SQLiteSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SQLiteStore {
    /// How long the first attempt to open the store waits for another process's write lock
    /// before the wait is logged (1 s); later attempts wait 5 s each, without end.
    static let lockedNoticeAfter: Duration = .seconds(1)

    /// Seconds between two attempts to open the store while another process holds its lock
    /// (a tenth).
    static let retryPause: TimeInterval = 0.1

    /// Looks at the store in `directory` without writing anything, before anything is written
    /// there: a database of another program, or one a newer vitrine wrote, is refused here
    /// (exit 1 for `vitrine serve`), and stays byte for byte as it was, with nothing made beside
    /// it (no `session.key`, `-wal` or `-shm`). A missing or empty file is a new store.
    ///
    /// The look reads the main file alone, without locks (`SQLiteConnection(lookingAt:)`):
    /// what another vitrine has in its `-wal` is not seen, which cannot turn a store into
    /// another program's, and `migrate` checks again under the write lock before it changes
    /// anything. A file that cannot be read is refused, unless a `-wal` lies beside it:
    /// another process may be writing it then, and the check under the lock decides.
    static func inspect(_ directory: URL) throws(OpenError) {
        let path = directory.appendingPathComponent(fileName).path
        var status = stat()
        guard lstat(path, &status) == 0, status.st_size > 0 else { return }
        let refusal: SQLiteSchema.Refusal?
        do {
            let database = try SQLiteConnection(lookingAt: path)
            defer { database.close() }
            refusal = try SQLiteSchema.refusal(of: database)
        } catch {
            if FileSystem.exists(path + "-wal") { return }
            throw OpenError(description: "cannot use \(path): \(error)")
        }
        if let refusal { throw OpenError(description: "cannot use \(path): \(refusal)") }
    }

    /// The writer's connection to `path`: WAL with `synchronous=FULL`, migrated, the session
    /// key's fingerprint adopted. Another process holding the write lock (another vitrine
    /// migrating the store it shares, however long that takes) is waited for, never a reason
    /// to give up: each attempt waits for the lock, the first for `lockedNoticeAfter` and then
    /// 5 s, and the wait is logged once. Attempts are at least `retryPause` apart, since SQLite
    /// answers busy without waiting when waiting could deadlock.
    static func openWriter(_ path: String, keyFingerprint: [UInt8], log: @Sendable (String) -> Void) throws -> SQLiteConnection {
        var attempt = 0
        while true {
            let connection = try SQLiteConnection(path: path, busyTimeout: attempt == 0 ? lockedNoticeAfter : .seconds(5))
            do {
                guard !connection.isReadOnly else { throw OpenError(description: "\(path) is read-only for this user") }
                try connection.execute("PRAGMA journal_mode = WAL")
                try connection.execute("PRAGMA synchronous = FULL")
                try SQLiteSchema.migrate(connection)
                try adopt(keyFingerprint, in: connection, path: path)
                connection.setBusyTimeout(.seconds(5))
                if attempt > 0 { log("vitrine store: \(path) is free: starting") }
                return connection
            } catch {
                connection.close()
                guard isBusy(error) else { throw error }
            }
            if attempt == 0 {
                log("vitrine store: \(path) is locked by another process (another vitrine migrating it?): waiting for it")
            }
            attempt += 1
            Thread.sleep(forTimeInterval: retryPause)
        }
    }

    /// Whether `error` is another connection's lock outlasting the busy timeout.
    private static func isBusy(_ error: any Error) -> Bool {
        switch error {
        case let error as SQLiteError: error.isBusy
        case SQLiteSchema.Refusal.failed(let error): error.isBusy
        default: false
        }
    }
}
