import CommandLineSupport
import Foundation
import RetailBackend

/// `vitrine catalogue timeline DIR --from T --days N [--segment S] [--locale L]`: which campaigns
/// are live, starting and ending, and which leads the hero, day by day in the catalogue's zone;
/// `--from` a day, a time of that zone, or an instant.
enum CatalogueTimelineCommand {
    static let maximumDays = 366

    struct Options {
        var directory = ""
        var from: TimelineStart?
        var days: Int?
        var segment: Segment?
        var locale: StoreLocale?
    }

    /// What `catalogue timeline` takes, and its synopsis.
    static var syntax: OptionParser<Options> {
        OptionParser(
            command: "vitrine catalogue timeline",
            options: [
                .value("--from", "DAY|RFC3339") { options, text throws(UsageError) in
                    guard let from = TimelineStart(text) else {
                        throw UsageError("--from '\(TerminalText.excerpt(text))' is not a day (2027-01-14), a time of the catalogue's "
                            + "zone (2027-01-14T09:00) nor an instant (2027-01-14T09:00:00+01:00)")
                    }
                    options.from = from
                },
                .number("--days", in: 1...maximumDays) { $0.days = $1 },
                CatalogueCommand.segment { $0.segment = $1 },
                CatalogueCommand.locale { $0.locale = $1 },
            ],
            operand: .one("DIR", \.directory),
            forms: [[[.text("DIR"), .required("--from"), .required("--days"), .optional("--segment"), .optional("--locale")]]])
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        guard let options = try CatalogueCommand.given(arguments, into: Options(), with: syntax, console: console) else { return 0 }
        let directory = try CatalogueCommand.required(options.directory)
        guard let from = options.from else { throw UsageError("missing --from") }
        guard let days = options.days else { throw UsageError("missing --days") }
        let segment = options.segment
        let locale = options.locale
        switch CatalogueTools.timeline(URL(fileURLWithPath: directory, isDirectory: true), from: from, days: days, segment: segment, locale: locale) {
        case .success(let lines):
            console.out(lines.map(TerminalText.sanitized).joined(separator: "\n"))
            return 0
        case .failure(.start(let message)):
            throw UsageError(message)
        case .failure(.catalogue(let error)):
            console.err(error.description.split(separator: "\n").map { TerminalText.sanitized(String($0)) }.joined(separator: "\n"))
            return 1
        }
    }
}
