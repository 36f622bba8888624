import Foundation

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
        // Accepted events, partitioned by the UTC day they were received (a table `events_YYYYMMDD`
        // a day, made by the first batch of the day, dropped whole past the retention), and the
        // compositions their request ids name. Partitions are made and dropped by functions, so
        // no statement is built from text.
        """
        CREATE TABLE events (
            day date NOT NULL,
            received_at bigint NOT NULL,
            seq bigserial,
            shopper text NOT NULL,
            event_id text NOT NULL,
            name text NOT NULL,
            request_id text,
            page_id text,
            section_id text,
            item_id text,
            campaign_id text,
            experiment_id text,
            variant text,
            position bigint,
            app_version text,
            widget_type text,
            kind text,
            body text NOT NULL
        ) PARTITION BY RANGE (day);
        CREATE INDEX events_by_arrival ON events (received_at, seq);
        CREATE TABLE compositions (
            id text PRIMARY KEY,
            page_id text NOT NULL,
            catalogue_version integer NOT NULL,
            segment text NOT NULL,
            locale text NOT NULL,
            composed_at bigint NOT NULL,
            body text NOT NULL
        );
        CREATE FUNCTION vitrine_event_day(d date) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
                           'events_' || to_char(d, 'YYYYMMDD'), d, d + 1);
        END $$;
        CREATE FUNCTION vitrine_drop_event_days(before date) RETURNS integer LANGUAGE plpgsql AS $$
        DECLARE
            part record;
            dropped integer := 0;
        BEGIN
            FOR part IN
                SELECT child.relname FROM pg_inherits
                    JOIN pg_class child ON child.oid = pg_inherits.inhrelid
                    JOIN pg_class parent ON parent.oid = pg_inherits.inhparent
                WHERE parent.oid = 'events'::regclass AND child.relname ~ '^events_[0-9]{8}$'
                    AND to_date(substr(child.relname, 8), 'YYYYMMDD') < before
            LOOP
                EXECUTE format('DROP TABLE %I', part.relname);
                dropped := dropped + 1;
            END LOOP;
            RETURN dropped;
        END $$;
        """,
    ]

    static var current: Int { migrations.count }

    /// The tables of a store at every version (`events` and `compositions` since the fourth
    /// migration), besides the days of events (`isEventDay`).
    static let tables = ["vitrine_schema", "event_ids", "idempotency_keys", "settings", "shoppers", "events", "compositions"]

    /// Whether `name` is one day's table of events: `events_` and eight digits.
    static func isEventDay(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return bytes.count == 15 && bytes.starts(with: Array("events_".utf8))
            && bytes.dropFirst(7).allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The tables of the connection's schema that are not a store's, nil when there are none:
    /// an empty schema, or one holding only our tables. Another program's database is refused
    /// before anything is written to it. Names compare by bytes.
    static func foreignTables(_ connection: PostgresConnection) throws -> [String]? {
        let rows = try connection.execute("SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
        let ours = Set(tables.map { Array($0.utf8) })
        let foreign = rows.rows.compactMap { $0.first ?? nil }.filter { !ours.contains(Array($0.utf8)) && !isEventDay($0) }
        return foreign.isEmpty ? nil : foreign
    }

    /// An arbitrary number the instances of this program agree on for the migration lock.
    static let lockID = "7305621894"

    /// How long the answer to a migration's statement is awaited here: a migration may rewrite
    /// a large table, so the connection's 4 s (`PostgresConnection.answerDeadline`) would end
    /// it, while a database that stops answering must still not hold a start for ever: an hour.
    static let migrationAnswerDeadline: Duration = .seconds(3600)

    /// Seconds between two tries for the lock another instance holds: a quarter of a second.
    static let lockRetryPause: TimeInterval = 0.25

    /// Runs the missing migrations (up to `target`) and returns the version the database is at.
    ///
    /// One transaction under an advisory lock, so instances starting together migrate once. An
    /// instance that finds the lock taken (another is migrating) waits for it, saying so once on
    /// `log`, then finds the work done and starts; the lock is tried, never waited for on the
    /// server, so each try stays within the connection's deadlines, and no transaction is open
    /// between tries. Inside its transaction the migration lifts `statement_timeout` and
    /// `lock_timeout` for itself (`SET LOCAL`) and awaits its statements'
    /// answers for `migrationAnswerDeadline`; `idle_in_transaction_session_timeout` stays, so an
    /// instance that freezes while migrating lets go of the lock.
    @discardableResult
    static func migrate(_ connection: PostgresConnection, upTo target: Int = current,
                        log: @Sendable (String) -> Void = { _ in }) throws -> Int {
        var hasSaidSo = false
        while true {
            try connection.execute("BEGIN")
            do {
                guard try connection.execute("SELECT pg_try_advisory_xact_lock($1::bigint)", [lockID]).value(0) == "t" else {
                    try connection.execute("ROLLBACK")
                    if !hasSaidSo {
                        log("vitrine store: another instance is migrating the database: waiting for it")
                        hasSaidSo = true
                    }
                    Thread.sleep(forTimeInterval: lockRetryPause)
                    continue
                }
                try connection.execute("SET LOCAL statement_timeout = 0")
                try connection.execute("SET LOCAL lock_timeout = 0")
                if let foreign = try foreignTables(connection) {
                    throw PostgresStore.OpenError(
                        description: "the database's schema holds tables of another program (\(foreign.prefix(5).joined(separator: ", "))): "
                            + "give vitrine a database, or a schema (options=-c search_path=…), of its own")
                }
                try connection.executeScript("CREATE TABLE IF NOT EXISTS vitrine_schema (version integer NOT NULL)")
                var version = Int(try connection.execute("SELECT max(version) FROM vitrine_schema").value(0) ?? "0") ?? 0
                guard version <= current else {
                    throw PostgresStore.OpenError(
                        description: "the database was migrated by a newer vitrine (schema \(version); this one knows up to \(current))")
                }
                while version < min(target, current) {
                    try connection.executeScript(migrations[version], answerWithin: migrationAnswerDeadline)
                    version += 1
                    try connection.execute("INSERT INTO vitrine_schema (version) VALUES ($1::integer)", [String(version)])
                }
                try connection.execute("COMMIT")
                if hasSaidSo { log("vitrine store: the database is migrated: starting") }
                return version
            } catch {
                _ = try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }
}
