import FlowCore
import Foundation

/// An analytics event as the stores keep it (CONTRACT §9): its id, which the shopper's
/// de-duplication window judges, the identifiers the reports group by, read once here, and
/// the whole event as it was parsed, written again as JSON (`body`).
///
/// An identifier is a string, or an integral number of at most 2^53 written as one (as clients
/// read tracking ids); anything else, a string over `maxIdentifierBytes` or one holding U+0000 (which no
/// PostgreSQL text can) is no identifier (the event keeps it in `body`). The id and name
/// columns hold U+FFFD for a U+0000. So a column holds a bounded string every store can, and
/// nothing a client sends is lost: `body` is the event whole, U+0000 escaped as JSON writes it.
struct KeptEvent: Sendable, Equatable {
    /// The id as sent, which the de-duplication window compares (by its bytes).
    var sentID: ExactText
    /// The id as the column holds it.
    var id: String
    var name: String
    var requestID: String?
    var pageID: String?
    var sectionID: String?
    var itemID: String?
    var campaignID: String?
    var experimentID: String?
    var variant: String?
    var position: Int64?
    var appVersion: String?
    /// `contract_problem`'s widget type and kind.
    var widgetType: String?
    var kind: String?
    var body: String

    /// `contract_problem`'s path (`page.sections.2.widgets.0`), read from the body when asked.
    var path: String? {
        (try? JSONParser.parse(body))?["path"]?.stringValue
    }

    /// Identifiers longer than this are left in `body` only.
    static let maxIdentifierBytes = 256

    init(id: String, name: String, event: JSONValue) {
        sentID = ExactText(id)
        self.id = Self.withoutNUL(id)
        self.name = Self.withoutNUL(name)
        func identifier(_ key: String) -> String? {
            let text: String? = event[key]?.stringValue ?? Self.exactInteger(event[key]).map { String($0) }
            guard let text, text.utf8.count <= Self.maxIdentifierBytes, !text.utf8.contains(0) else { return nil }
            return text
        }
        requestID = identifier("request_id")
        pageID = identifier("page_id")
        sectionID = identifier("section_id")
        itemID = identifier("item_id")
        campaignID = identifier("campaign_id")
        experimentID = identifier("experiment_id")
        variant = identifier("experiment_variant")
        position = Self.exactInteger(event["position"]).map { Int64($0) }
        appVersion = identifier("app_version")
        widgetType = identifier("widget_type")
        kind = identifier("kind")
        body = String(decoding: JSONWriter.data(for: event), as: UTF8.self)
    }

    /// An integral number a double holds exactly: at most 2^53 in size (a larger one may
    /// already be another number than the one sent).
    private static func exactInteger(_ value: JSONValue?) -> Int? {
        guard let integer = value?.intValue, integer.magnitude <= 1 << 53 else { return nil }
        return integer
    }

    private static func withoutNUL(_ text: String) -> String {
        text.utf8.contains(0) ? String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 })) : text
    }

    /// An event read back from a store: `column(i)` is the `i`th of `columns`, nil for NULL.
    init(readingColumns column: (Int) -> String?) {
        id = column(0) ?? ""
        sentID = ExactText(id)
        name = column(1) ?? ""
        requestID = column(2)
        pageID = column(3)
        sectionID = column(4)
        itemID = column(5)
        campaignID = column(6)
        experimentID = column(7)
        variant = column(8)
        position = column(9).flatMap { Int64($0) }
        appVersion = column(10)
        widgetType = column(11)
        kind = column(12)
        body = column(13) ?? "{}"
    }

    /// The columns in their order in every store (`events` table), after `received_at` and
    /// `shopper`.
    var columns: [String?] {
        [id, name, requestID, pageID, sectionID, itemID, campaignID, experimentID, variant,
         position.map { String($0) }, appVersion, widgetType, kind, body]
    }
}

/// One stored event as the reports read it back.
struct StoredEvent: Sendable, Equatable {
    /// Milliseconds since 1970 (UTC), the backend's clock when it accepted the event.
    var receivedAt: Int64
    var shopper: String
    var event: KeptEvent
}

/// The day (UTC) an instant falls in, as stores partition and retire events by: days since
/// 1970-01-01.
enum EventDay {
    static let millisecondsPerDay: Int64 = 86_400_000

    static func of(milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / millisecondsPerDay : (milliseconds + 1) / millisecondsPerDay - 1
    }

    /// The first millisecond of the oldest day kept when `keep` days are kept at `now`
    /// (today counts as one): events received before it are dropped, whole days at a time.
    static func retentionStart(keep days: Int, now: Date) -> Int64 {
        let today = of(milliseconds: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))
        return (today - Int64(max(1, days)) + 1) * millisecondsPerDay
    }

    /// `YYYY-MM-DD` of a day number (proleptic Gregorian, UTC).
    static func isoDate(_ day: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
