import Foundation
import SQLiteSupport
import Testing
import TestSupport
@testable import RetailBackend

/// The SQLite store's migrations, one at a time, on a database of the version before.
@Suite struct SQLiteSchemaTests {
    /// Migration 3 turns each hexadecimal digest into its first 16 bytes, keeps text that is
    /// not hexadecimal as its UTF-8 bytes, and keeps the first row (in key order) of two whose
    /// 16 bytes agree; streaming its rows changed none of that.
    @Test func theMigrationToBinaryDigestsKeepsEveryRowAsItsFirst16Bytes() throws {
        let directory = try ScratchDirectory("sqlite-schema-3")
        let database = try SQLiteConnection(path: directory.file("vitrine.sqlite").path, busyTimeout: .seconds(1))
        defer { database.close() }
        try SQLiteSchema.migrate(database, upTo: 2)
        let insert = try database.statement("INSERT INTO event_ids (shopper, digest, received_at) VALUES (?1, ?2, ?3)")
        for (shopper, digest, receivedAt) in [
            ("shp_a", "00112233445566778899aabbccddeeff0123456789abcdef0123456789abcdef", Int64(1)),
            ("shp_a", "00112233445566778899aabbccddeeffffffffffffffffffffffffffffffffff", 2),
            ("shp_a", "not hexadecimal", 3),
            ("shp_b", "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100", 4),
        ] {
            insert.reset()
            try insert.bind(1, shopper)
            try insert.bind(2, digest)
            try insert.bind(3, receivedAt)
            try insert.step()
        }
        try SQLiteSchema.migrate(database, upTo: 3)

        let select = try database.statement("SELECT shopper, hex(digest), typeof(digest), received_at FROM event_ids ORDER BY shopper, digest")
        var rows: [String] = []
        while try select.step() { rows.append("\(select.text(0)) \(select.text(1)) \(select.text(2)) \(select.int64(3))") }
        select.reset()
        #expect(rows == [
            "shp_a 00112233445566778899AABBCCDDEEFF blob 1",
            "shp_a 6E6F742068657861646563696D616C blob 3",
            "shp_b FFEEDDCCBBAA99887766554433221100 blob 4",
        ])
        #expect(try SQLiteSchema.userVersion(database) == 3)
    }
}

extension SQLiteSchemaTests {
    /// Migration 6 packs each shopper's event ids into one window, in the order they were kept:
    /// by `seq`, rows from before version 4 (seq 0) first by their instants; digests that are not
    /// 16 bytes and the ids of shoppers already gone are dropped, and `event_ids` goes.
    @Test func theMigrationToWindowsKeepsEachShoppersIDsInOrderOfArrival() throws {
        let directory = try ScratchDirectory("sqlite-schema-6")
        let database = try SQLiteConnection(path: directory.file("vitrine.sqlite").path, busyTimeout: .seconds(1))
        defer { database.close() }
        try SQLiteSchema.migrate(database, upTo: 5)
        func digest(_ byte: UInt8) -> Data { Data(repeating: byte, count: 16) }
        for (id, token) in [("shp_a", "t-a"), ("shp_b", "t-b"), ("shp_c", "t-c")] {
            let shopper = try database.statement("INSERT INTO shoppers (id, token_digest, expires_at, revision) VALUES (?1, ?2, 0, 0)")
            try shopper.bind(1, id)
            try shopper.bind(2, token)
            try shopper.step()
        }
        let insert = try database.statement("INSERT INTO event_ids (shopper, digest, received_at, seq) VALUES (?1, ?2, ?3, ?4)")
        for (shopper, value, receivedAt, seq) in [
            ("shp_a", digest(0x03), Int64(5), Int64(2)),
            ("shp_a", digest(0x01), 9, 0),
            ("shp_a", digest(0x02), 1, 1),
            ("shp_a", digest(0x00), 2, 0),
            ("shp_a", Data("not hexadecimal".utf8), 3, 0),
            ("shp_b", digest(0x0B), 7, 40),
            ("shp_gone", digest(0x0F), 1, 1),
        ] {
            insert.reset()
            try insert.bind(1, shopper)
            try insert.bind(2, value)
            try insert.bind(3, receivedAt)
            try insert.bind(4, seq)
            try insert.step()
        }
        try SQLiteSchema.migrate(database, upTo: 6)

        let select = try database.statement("SELECT shopper, hex(digests) FROM event_windows ORDER BY shopper")
        var rows: [String] = []
        while try select.step() { rows.append("\(select.text(0)) \(select.text(1))") }
        select.reset()
        let hex = { (byte: String) in String(repeating: byte, count: 16) }
        #expect(rows == ["shp_a " + hex("00") + hex("01") + hex("02") + hex("03"), "shp_b " + hex("0B")])
        let tables = try database.statement("SELECT count(*) FROM sqlite_master WHERE name = 'event_ids'")
        #expect(try tables.step() && tables.int64(0) == 0)
        tables.reset()
        #expect(try SQLiteSchema.userVersion(database) == 6)
    }
}
