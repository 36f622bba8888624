import Foundation
import PrivateFiles

extension HomeBackend {
    /// Why the backend could not be set up: a store or a key that cannot be used. The message
    /// says what to do; it never holds a database URL (which may carry a password).
    public struct SetupError: Error, CustomStringConvertible {
        public var description: String
    }

    /// For the SQLite store, the write transactions committed and the changes they held since
    /// the start (group commit puts many in one); nil for the other stores.
    public var committedWrites: (transactions: Int, changes: Int)? {
        guard let store = store as? SQLiteStore else { return nil }
        let committed = store.writer.committed
        return (committed.transactions, committed.jobs)
    }

    /// The ids of the products a cart may take (every product but the unavailable ones), in
    /// catalogue order: for load generators and tools.
    public var availableProductIDs: [String] {
        catalogue.products.filter { $0.availability != .unavailable }.map(\.id)
    }

    /// The configured store, opened and migrated, and the key its sessions are hashed under.
    static func openStore(_ configuration: Configuration) throws(SetupError) -> (any ShopperStore, SessionKey) {
        // A bound under one would forget a key or an event id as it is written, and a retry
        // would apply twice.
        for (name, bound) in [("idempotencyKeysPerUser", configuration.idempotencyKeysPerUser),
                              ("eventIDsPerShopper", configuration.eventIDsPerShopper)] where bound < 1 {
            throw SetupError(description: "\(name) is \(bound); it must be at least 1")
        }
        let limits = StoreLimits(keysPerShopper: configuration.idempotencyKeysPerUser, eventIDsPerShopper: configuration.eventIDsPerShopper,
                                 eventDays: configuration.eventDays, sweepInterval: configuration.sweepInterval)
        switch configuration.storage {
        case .memory:
            let key = try configuration.sessionKeyFile.map { url throws(SetupError) in try loadKey(url, mayCreate: true) } ?? SessionKey.random()
            return (MemoryStore(cartCapacity: configuration.cartCapacity, eventIDCapacity: configuration.eventIDCapacity, limits: limits,
                                now: configuration.now), key)
        case .sqlite(let directory):
            do {
                // The directory is judged and resolved, and a database in it that is not this
                // build's refused, before the key is written into it.
                let directory = try SQLiteStore.prepare(directory)
                try SQLiteStore.inspect(directory)
                let key = try loadKey(configuration.sessionKeyFile ?? directory.appendingPathComponent("session.key"), mayCreate: true)
                return (try SQLiteStore(directory: directory, limits: limits, keyFingerprint: key.fingerprint,
                                        now: configuration.now, log: configuration.log ?? { _ in }), key)
            } catch let error as SetupError {
                throw error
            } catch let error as SQLiteStore.OpenError {
                throw SetupError(description: error.description)
            } catch {
                throw SetupError(description: SystemErrorText.of(error))
            }
        case .postgres(let url):
            guard let file = configuration.sessionKeyFile else {
                throw SetupError(description: "a PostgreSQL store needs the session key every instance shares (sessionKeyFile)")
            }
            let key = try loadKey(file, mayCreate: true)
            do {
                return (try PostgresStore(url: url, limits: limits, keyFingerprint: key.fingerprint,
                                          connections: configuration.databaseConnections, now: configuration.now,
                                          log: configuration.log ?? { _ in }), key)
            } catch {
                throw SetupError(description: error.description)
            }
        }
    }

    private static func loadKey(_ url: URL, mayCreate: Bool) throws(SetupError) -> SessionKey {
        do {
            return try SessionKey.load(from: url, mayCreate: mayCreate)
        } catch {
            throw SetupError(description: error.description)
        }
    }
}
