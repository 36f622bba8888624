import FlowCore
import Foundation
import SQLiteSupport
import Synchronization

/// The stored events read for people: the campaign report and the events themselves, from a
/// store another process may be serving from (`vitrine report`), read only: nothing is
/// migrated, swept or written, and no session key is needed.
public enum EventReports {
    /// The period a report covers when its start is not given: the 7 days up to its end.
    public static let defaultPeriod: TimeInterval = 7 * 86_400

    /// Why a report cannot be made: the message names the store and what to do, never a
    /// database URL (which may carry a password).
    public struct ReportError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The campaign report over the events received in `from ..< to`, of one segment and
    /// locale when given.
    public static func campaigns(in storage: HomeBackend.Storage, from: Date, to: Date, segment: String? = nil,
                                 locale: String? = nil) throws(ReportError) -> CampaignResults {
        let query = CampaignReport.Query(from: milliseconds(from), to: milliseconds(to), segment: segment, locale: locale)
        let archive = try open(storage)
        defer { archive.close() }
        let compositions = try archive.compositions()
        var report = CampaignReport(query: query, compositions: compositions)
        try archive.readEvents(received: query.from..<max(query.from, query.to)) { report.add($0) }
        return report.results
    }

    /// Writes the events received in `from ..< to` as JSON lines, in order of arrival: `{"received_at",
    /// "shopper", "event"}` with the event whole as it was kept. Each line is valid JSON on
    /// one line (control, format and separator characters escaped: `line(_:)`), so no event
    /// can break the stream or a terminal.
    public static func events(in storage: HomeBackend.Storage, from: Date, to: Date, write: (Data) -> Void) throws(ReportError) {
        let archive = try open(storage)
        defer { archive.close() }
        let range = milliseconds(from)..<max(milliseconds(from), milliseconds(to))
        try archive.readEvents(received: range) { stored in
            write(line(stored))
        }
    }

    /// One JSON line of `events`: the kept body is parsed again so that it is nested as JSON,
    /// and kept as a string where it would not parse. Besides what JSON must escape, every
    /// invisible format character and line or paragraph separator is written as `\uXXXX`
    /// (readers split lines at U+2028 too, and a terminal obeys bidirectional marks), so a
    /// line is one line to every reader and shows what it holds.
    static func line(_ stored: StoredEvent) -> Data {
        let event = (try? JSONParser.parse(Data(stored.event.body.utf8))) ?? .string(stored.event.body)
        let json = String(decoding: JSONWriter.data(for: .members([
            ("received_at", .string(RFC3339.string(from: Date(timeIntervalSince1970: Double(stored.receivedAt) / 1000)))),
            ("shopper", .string(stored.shopper)), ("event", event),
        ])), as: UTF8.self)
        var data = Data(escapingInvisibles(json).utf8)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// `json` with each format (Cf), line separator (Zl) and paragraph separator (Zp) scalar
    /// written as JSON's `\uXXXX` (a surrogate pair above U+FFFF). Such scalars only occur
    /// inside JSON strings, where the escape means the same.
    static func escapingInvisibles(_ json: String) -> String {
        func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .format, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
        guard json.unicodeScalars.contains(where: isInvisible) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isInvisible(scalar) else {
                out.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(out)
    }

    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard value.isFinite else { return value > 0 ? Int64.max : Int64.min }
        return Int64(max(-9.2e18, min(9.2e18, value)))
    }

    // MARK: - Reading a store

    /// A store opened for reading only.
    private struct Archive {
        var readEvents: (Range<Int64>, (StoredEvent) -> Void) throws(ReportError) -> Void
        var compositions: () throws(ReportError) -> [CompositionRecord]
        var close: () -> Void

        func readEvents(received range: Range<Int64>, _ each: (StoredEvent) -> Void) throws(ReportError) {
            try readEvents(range, each)
        }
    }

    private static func open(_ storage: HomeBackend.Storage) throws(ReportError) -> Archive {
        switch storage {
        case .memory:
            throw ReportError(description: "an in-memory store keeps nothing to report on: give --data DIR or --database URL")
        case .sqlite(let directory):
            return try openSQLite(directory)
        case .postgres(let url):
            return try openPostgres(url)
        }
    }

    private static func openSQLite(_ directory: URL) throws(ReportError) -> Archive {
        let path = directory.appendingPathComponent(SQLiteStore.fileName).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw ReportError(description: "no store in \(directory.path): \(SQLiteStore.fileName) is not there")
        }
        do {
            // Judged before anything is opened for reading: a file of another program, or not a
            // database, is refused unchanged.
            try SQLiteStore.inspect(directory)
            // Then read as a reader of the live store, write-ahead log included (a server may be
            // writing it; `lookingAt`'s immutable view would not see what is still in the log).
            let database = try SQLiteConnection(path: path, busyTimeout: .seconds(2))
            defer { database.close() }
            try database.execute("PRAGMA query_only = ON")
            if let refusal = try SQLiteSchema.refusal(of: database) { throw ReportError(description: "cannot read \(path): \(refusal)") }
            let version = try SQLiteSchema.userVersion(database)
            guard version >= 5 else {
                throw ReportError(description: "\(path) keeps no events yet (schema \(version)): a vitrine serve of this version keeps them from its start")
            }
        } catch let error as ReportError {
            throw error
        } catch let error as SQLiteStore.OpenError {
            throw ReportError(description: error.description)
        } catch {
            throw ReportError(description: "cannot read \(path): \(error)")
        }
        let readers = SQLiteReaders(path: path, keep: 1)
        return Archive(
            readEvents: { range, each throws(ReportError) in
                do { try readers.readEvents(received: range, each: each) } catch { throw ReportError(description: "cannot read \(path): \(error)") }
            },
            compositions: { () throws(ReportError) in
                do { return try readers.compositions() } catch { throw ReportError(description: "cannot read \(path): \(error)") }
            },
            close: { readers.close() })
    }

    private static func openPostgres(_ url: String) throws(ReportError) -> Archive {
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection(url: url)
            let hasSchema = try connection.execute("SELECT to_regclass('vitrine_schema') IS NOT NULL").value(0) == "t"
            guard hasSchema else {
                connection.close()
                throw ReportError(description: "the database holds no vitrine store: give the --database a vitrine serve uses")
            }
            let version = Int(try connection.execute("SELECT max(version) FROM vitrine_schema").value(0) ?? "0") ?? 0
            guard version >= 4 else {
                connection.close()
                throw ReportError(description: "the database keeps no events yet (schema \(version)): a vitrine serve of this version keeps them from its start")
            }
        } catch let error as ReportError {
            throw error
        } catch {
            throw ReportError(description: "cannot read the database: \(error)")
        }
        return Archive(
            readEvents: { range, each throws(ReportError) in
                do {
                    try PostgresStore.readEvents(received: range, on: connection, each: each)
                } catch {
                    throw ReportError(description: "cannot read the database: \(error)")
                }
            },
            compositions: { () throws(ReportError) in
                do { return try PostgresStore.compositions(on: connection) } catch { throw ReportError(description: "cannot read the database: \(error)") }
            },
            close: { connection.close() })
    }
}
