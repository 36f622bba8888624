/// The PostgreSQL store's tables, as numbered migrations recorded in `vitrine_schema`. Every
/// instance runs the missing ones at start, under an advisory lock in one transaction, so
/// instances starting together migrate once; a database migrated by a newer version is
/// refused. The tables are the SQLite store's (`SQLiteSchema` describes them), with one
/// difference: a key's answer is NULL while the transaction that claimed the key runs.
enum PostgresSchema {
    static let migrations: [StaticString] = [
        """
        CREATE TABLE shoppers (
            id text PRIMARY KEY,
            token_digest text NOT NULL UNIQUE,
            expires_at bigint NOT NULL,
            revision bigint NOT NULL,
            lines text NOT NULL DEFAULT '',
            keys_held integer NOT NULL DEFAULT 0,
            events_held integer NOT NULL DEFAULT 0
        );
        CREATE TABLE idempotency_keys (
            shopper text NOT NULL,
            key text NOT NULL,
            fingerprint bigint NOT NULL,
            locale text NOT NULL,
            revision bigint,
            lines text,
            created_at bigint NOT NULL,
            expires_at bigint NOT NULL,
            PRIMARY KEY (shopper, key)
        );
        CREATE INDEX idempotency_keys_by_age ON idempotency_keys (shopper, created_at);
        CREATE TABLE event_ids (
            shopper text NOT NULL,
            digest text NOT NULL,
            received_at bigint NOT NULL,
            PRIMARY KEY (shopper, digest)
        );
        CREATE INDEX event_ids_by_age ON event_ids (shopper, received_at);
        CREATE TABLE settings (name text PRIMARY KEY, value text NOT NULL);
        """,
        """
        CREATE INDEX shoppers_by_expiry ON shoppers (expires_at);
        CREATE INDEX idempotency_keys_by_expiry ON idempotency_keys (expires_at);
        """,
        // Order of arrival, not instants, decides which keys and event ids a shopper keeps
        // (`SQLiteSchema`, version 4): every instance's clock may differ. Adding a column with
        // a constant default rewrites no row; the indexes by age serve nothing any more.
        """
        ALTER TABLE shoppers ADD COLUMN key_seq bigint NOT NULL DEFAULT 0;
        ALTER TABLE shoppers ADD COLUMN event_seq bigint NOT NULL DEFAULT 0;
        ALTER TABLE idempotency_keys ADD COLUMN seq bigint NOT NULL DEFAULT 0;
        ALTER TABLE event_ids ADD COLUMN seq bigint NOT NULL DEFAULT 0;
        DROP INDEX idempotency_keys_by_age;
        DROP INDEX event_ids_by_age;
        """,
    ]

    static var current: Int { migrations.count }

    /// An arbitrary number the instances of this program agree on for the migration lock.
    static let lockID = "7305621894"

    /// Runs the missing migrations (up to `target`) and returns the version the database is at.
    @discardableResult
    static func migrate(_ connection: PostgresConnection, upTo target: Int = current) throws -> Int {
        try connection.execute("BEGIN")
        do {
            try connection.execute("SELECT pg_advisory_xact_lock($1::bigint)", [lockID])
            try connection.executeScript("CREATE TABLE IF NOT EXISTS vitrine_schema (version integer NOT NULL)")
            var version = Int(try connection.execute("SELECT max(version) FROM vitrine_schema").value(0) ?? "0") ?? 0
            guard version <= current else {
                throw PostgresStore.OpenError(
                    description: "the database was migrated by a newer vitrine (schema \(version); this one knows up to \(current))")
            }
            while version < min(target, current) {
                try connection.executeScript(migrations[version])
                version += 1
                try connection.execute("INSERT INTO vitrine_schema (version) VALUES ($1::integer)", [String(version)])
            }
            try connection.execute("COMMIT")
            return version
        } catch {
            _ = try? connection.execute("ROLLBACK")
            throw error
        }
    }
}
