import CommandLineSupport
import Foundation
import RetailBackend

/// `vitrine catalogue timeline DIR --from T --days N [--segment S] [--locale L]`: which campaigns
/// are live, starting and ending, and which leads the hero, day by day in the catalogue's zone;
/// `--from` a day, a time of that zone, or an instant.
enum CatalogueTimelineCommand {
    static let maximumDays = 366

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = try Arguments(arguments, values: ["--from", "--days", "--segment", "--locale"])
        let directory = try options.directory()
        guard let fromText = options.value("--from") else { throw CatalogueCommand.UsageError(message: "missing --from") }
        guard let from = TimelineStart(fromText) else {
            throw CatalogueCommand.UsageError(message: "--from '\(TerminalText.sanitized(fromText))' is not a day (2027-01-14), a time of the catalogue's "
                + "zone (2027-01-14T09:00) nor an instant (2027-01-14T09:00:00+01:00)")
        }
        guard let text = options.value("--days") else { throw CatalogueCommand.UsageError(message: "missing --days") }
        guard let days = Int(text), (1...maximumDays).contains(days) else {
            throw CatalogueCommand.UsageError(message: "--days '\(TerminalText.sanitized(text))' is not a whole number from 1 to \(maximumDays)")
        }
        let segment = try options.segment("--segment")
        let locale = try options.locale("--locale")
        switch CatalogueTools.timeline(URL(fileURLWithPath: directory, isDirectory: true), from: from, days: days, segment: segment, locale: locale) {
        case .success(let lines):
            console.out(lines.map(TerminalText.sanitized).joined(separator: "\n"))
            return 0
        case .failure(.start(let message)):
            throw CatalogueCommand.UsageError(message: message)
        case .failure(.catalogue(let error)):
            console.err(error.description.split(separator: "\n").map { TerminalText.sanitized(String($0)) }.joined(separator: "\n"))
            return 1
        }
    }
}
