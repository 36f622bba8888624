import Foundation
import SQLiteSupport

extension SQLiteStore {
    /// How long the first attempt to open the store waits for another process's write lock
    /// before the wait is logged; later attempts wait 5 s each, without end. Default: 1 s.
    static let lockedNoticeAfter: Duration = .seconds(1)

    /// Seconds between two attempts to open the store while another process holds its lock.
    static let retryPause: TimeInterval = 0.1

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
