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
