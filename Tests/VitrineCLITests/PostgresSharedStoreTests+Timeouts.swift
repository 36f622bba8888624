import FlowCore
import Foundation
import Testing
import TestSupport
@testable import RetailBackend
@testable import VitrineCLI

/// What a connection may hold and for how long: a partitioned or frozen instance holds no
/// shopper's row past the idle timeout; every connection has the timeouts and keepalives, which
/// the URL may override one by one; and an instance started while another migrates waits for it,
/// then serves.
extension PostgresSharedStoreTests {
    /// A connection of vitrine's own (the defaults every instance has), opened off the
    /// cooperative pool: libpq's calls block. It is used by one test, one call at a time
    /// (`Owned` hands it to each call's thread).
    static func connect(_ url: String) async throws -> Owned<PostgresConnection> {
        try await offThePool { () throws(PostgresError) in Owned(try PostgresConnection(url: url)) }
    }

    static func run(_ connection: Owned<PostgresConnection>, _ sql: StaticString, _ parameters: [String?] = []) async throws -> PostgresRows {
        try await offThePool { () throws(PostgresError) in try connection.value.execute(sql, parameters) }
    }

    /// An instance that froze (or was cut off) inside a cart change kept that shopper's row
    /// locked for as long as its session lived: the other instances answered that shopper 503
    /// meanwhile. The server now ends a session idle in its transaction, and the row with it.
    ///
    /// The holder is a connection with the defaults every instance has, stopped after its
    /// `SELECT … FOR UPDATE` as a frozen instance stops, and never closed. The test asks the
    /// other instance again until its change goes through (the server's timeout fires on the
    /// server's clock; the 60 s are the bound of a failure, not a wait), then checks that it
    /// was the server that ended the holder's session.
    @Test func aRowLockOfAnInstanceThatFellSilentIsLetGoAndTheCartChangesAtAnother() async throws {
        let fixture = try #require(PostgresClusterTrait.current)
        let instances = try await Instances("pg-idle-lock", count: 1)
        let client = instances.servers[0].client()
        let token = try await client.startSession()
        #expect(try await Self.add(client, token, key: "before").status == 200)

        let key = try SessionKey.load(from: URL(fileURLWithPath: fixture.keyFile), mayCreate: false)
        let digest = try #require(SessionToken.parse(authorization: "Bearer \(token)").flatMap(key.digest))
        let holder = try await Self.connect(fixture.cluster.url)
        _ = try await Self.run(holder, "BEGIN")
        let locked = try await Self.run(holder, "SELECT id FROM shoppers WHERE token_digest = $1 FOR UPDATE", [Crypto.hex(digest.bytes)])
        #expect(locked.rows.count == 1, "the shopper's row is locked")

        let clock = ContinuousClock()
        let bound = clock.now + .seconds(60)
        var answer = try await Self.add(client, token, key: "while-held")
        while answer.status != 200, clock.now < bound {
            #expect(answer.status == 503, "a held row is 503 to the client, never anything else")
            answer = try await Self.add(client, token, key: "while-held")
        }
        #expect(answer.status == 200, "the row was let go: the cart changed at the other instance")
        #expect(try await Self.cart(client, token)["items"]?[0]?["quantity"]?.intValue == 2)
        await #expect(throws: PostgresError.self, "the server ended the silent session") {
            _ = try await Self.run(holder, "SELECT 1")
        }
        await instances.stop()
    }

    /// Every connection is made with the timeouts and keepalives, and a URL that names one of
    /// them overrides that one alone: a `-c` in its `options` is sent after the defaults (the
    /// server takes the last), a libpq keyword of the URL replaces the default.
    @Test func everyConnectionHasTheTimeoutsAndKeepalivesAndTheURLOverridesThemOneByOne() async throws {
        let fixture = try #require(PostgresClusterTrait.current)
        func show(_ connection: Owned<PostgresConnection>) async throws -> [String] {
            var values: [String] = []
            values.append(try await Self.run(connection, "SHOW statement_timeout").value(0) ?? "")
            values.append(try await Self.run(connection, "SHOW lock_timeout").value(0) ?? "")
            values.append(try await Self.run(connection, "SHOW idle_in_transaction_session_timeout").value(0) ?? "")
            return values
        }
        let plain = try await Self.connect(fixture.cluster.url)
        #expect(try await show(plain) == ["3s", "3s", "5s"])
        #expect(plain.value.connectionParameter("keepalives") == "1")
        #expect(plain.value.connectionParameter("keepalives_idle") == "10")
        #expect(plain.value.connectionParameter("keepalives_interval") == "5")
        #expect(plain.value.connectionParameter("keepalives_count") == "3")
        #expect(plain.value.connectionParameter("tcp_user_timeout") == "10000")
        plain.value.close()

        let options = "-c idle_in_transaction_session_timeout=7000".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let overridden = try await Self.connect(fixture.cluster.url + "&options=\(options)&keepalives_idle=30")
        #expect(try await show(overridden) == ["3s", "3s", "7s"], "the URL's -c overrides its setting and no other")
        #expect(overridden.value.connectionParameter("keepalives_idle") == "30")
        #expect(overridden.value.connectionParameter("keepalives_count") == "3")
        overridden.value.close()

        // An empty `options` (a template's unset variable) lifts nothing.
        let empty = try await Self.connect(fixture.cluster.url + "&options=")
        #expect(try await show(empty) == ["3s", "3s", "5s"], "an empty options= keeps every timeout")
        empty.value.close()
    }

    /// An instance that started while another held the migration lock failed to start (the
    /// lock was waited for under the 3 s lock timeout). It waits for as long as the lock is
    /// held, says so, then finds the schema migrated and serves. The lock is let go only once
    /// the instance has said that it waits.
    @Test func anInstanceStartedWhileAnotherMigratesWaitsThenServes() async throws {
        let fixture = try #require(PostgresClusterTrait.current)
        let scratch = try ScratchDirectory("pg-migration-wait")
        let holder = try await Self.connect(fixture.cluster.url)
        defer { holder.value.close() }
        // A session-level advisory lock: the one the migration takes, held outside any
        // transaction, so no idle timeout ends it.
        #expect(try await Self.run(holder, "SELECT pg_try_advisory_lock($1::bigint)", [PostgresSchema.lockID]).value(0) == "t")

        let (lines, errorLines) = AsyncStream.makeStream(of: String.self)
        async let started = ServeProcess.start(
            ["--database", fixture.cluster.url, "--session-key", fixture.keyFile, "--data", scratch.file("data").path], errorLines: errorLines)
        var saidItWaits = false
        for await line in lines where line.contains("another instance is migrating the database: waiting for it") {
            saidItWaits = true
            break
        }
        #expect(saidItWaits)
        #expect(try await Self.run(holder, "SELECT pg_advisory_unlock($1::bigint)", [PostgresSchema.lockID]).value(0) == "t")
        let server = try await started
        let client = server.client()
        let token = try await client.startSession()
        #expect(try await Self.add(client, token, key: "after-the-wait").status == 200)
        #expect(server.log.contains("vitrine store: the database is migrated: starting"), "\(server.logText)")
        #expect(!server.logText.contains(fixture.cluster.socketDirectory.path), "the database's address is not printed")
        await server.stop()
    }
}
