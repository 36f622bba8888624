import FlowCore
import Foundation
import Testing
@testable import RetailBackend

/// `vitrine catalogue timeline`'s days are the zone's days as its clocks run them: a day's
/// length and offsets come from the zone's own transitions, changes at midnight and changes of
/// half an hour included (Santiago's and Havana's 23-hour days are 23 hours, not ordinary
/// days, and Lord Howe's 24.5-hour day is not "25 hours").
@Suite struct CatalogueTimelineTests {
    /// The day headers of a timeline of `days` days from `from` (RFC 3339), in `zone`: the demo
    /// catalogue without its campaigns, so each day is its header alone.
    static func days(in zone: String, from: String, days: Int) throws -> [String] {
        var content = try DemoCatalogue.content(anchor: DemoCatalogue.fileAnchor)
        content.settings.timeZone = zone
        content.campaigns = []
        let start = try #require(RFC3339.date(from: from))
        let lines = CatalogueTimeline(catalogue: Catalogue(content: content), segment: nil, locale: nil).lines(from: start, days: days)
        return lines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix(" ") }
    }

    @Test func santiagosClocksSkipMidnightOnA23HourDay() throws {
        #expect(try Self.days(in: "America/Santiago", from: "2027-09-04T00:00:00-04:00", days: 3) == [
            "Sat 2027-09-04, UTC-04:00",
            "Sun 2027-09-05: 23 hours, clocks go from UTC-04:00 to UTC-03:00",
            "Mon 2027-09-06, UTC-03:00",
        ])
        // In autumn they go back from Sunday's midnight to Saturday's 23:00: Saturday is long.
        #expect(try Self.days(in: "America/Santiago", from: "2027-04-03T00:00:00-03:00", days: 2) == [
            "Sat 2027-04-03: 25 hours, clocks go from UTC-03:00 to UTC-04:00",
            "Sun 2027-04-04, UTC-04:00",
        ])
    }

    @Test func havanasClocksSkipMidnightOnA23HourDay() throws {
        #expect(try Self.days(in: "America/Havana", from: "2027-03-13T00:00:00-05:00", days: 3) == [
            "Sat 2027-03-13, UTC-05:00",
            "Sun 2027-03-14: 23 hours, clocks go from UTC-05:00 to UTC-04:00",
            "Mon 2027-03-15, UTC-04:00",
        ])
    }

    @Test func lordHowesClocksMoveByHalfAnHour() throws {
        #expect(try Self.days(in: "Australia/Lord_Howe", from: "2027-04-03T00:00:00+11:00", days: 3) == [
            "Sat 2027-04-03, UTC+11:00",
            "Sun 2027-04-04: 24.5 hours, clocks go from UTC+11:00 to UTC+10:30",
            "Mon 2027-04-05, UTC+10:30",
        ])
        #expect(try Self.days(in: "Australia/Lord_Howe", from: "2027-10-03T00:00:00+10:30", days: 1) == [
            "Sun 2027-10-03: 23.5 hours, clocks go from UTC+10:30 to UTC+11:00",
        ])
    }

    @Test func berlinsClocksChangeAtNightInSpringAndAutumn() throws {
        #expect(try Self.days(in: "Europe/Berlin", from: "2027-03-27T00:00:00+01:00", days: 3) == [
            "Sat 2027-03-27, UTC+01:00",
            "Sun 2027-03-28: 23 hours, clocks go from UTC+01:00 to UTC+02:00",
            "Mon 2027-03-29, UTC+02:00",
        ])
        #expect(try Self.days(in: "Europe/Berlin", from: "2027-10-30T00:00:00+02:00", days: 3) == [
            "Sat 2027-10-30, UTC+02:00",
            "Sun 2027-10-31: 25 hours, clocks go from UTC+02:00 to UTC+01:00",
            "Mon 2027-11-01, UTC+01:00",
        ])
    }

    /// Samoa skipped 30 December 2011 whole (UTC-10 to UTC+14 at its midnight): the day is
    /// said as skipped under its own date, and the next one is not named twice.
    @Test func apiasSkippedDayIsSaidAsSkipped() throws {
        #expect(try Self.days(in: "Pacific/Apia", from: "2011-12-29T00:00:00-10:00", days: 3) == [
            "Thu 2011-12-29, UTC-10:00",
            "Fri 2011-12-30: skipped, clocks go from UTC-10:00 to UTC+14:00",
            "Sat 2011-12-31: 24 hours, clocks go from UTC-10:00 to UTC+14:00",
        ])
    }

    @Test func anOrdinaryDayHas24HoursAndOneOffset() throws {
        #expect(try Self.days(in: "Europe/Berlin", from: "2027-01-15T00:00:00+01:00", days: 1) == ["Fri 2027-01-15, UTC+01:00"])
        #expect(try Self.days(in: "UTC", from: "2027-01-15T00:00:00Z", days: 1) == ["Fri 2027-01-15, UTC+00:00"])
    }

    /// A timeline that starts inside a change day still reads the whole day's length.
    @Test func aFirstDayStartedLateStillHasItsWholeLength() throws {
        #expect(try Self.days(in: "America/Santiago", from: "2027-09-05T12:00:00-03:00", days: 2) == [
            "Sun 2027-09-05 (from 12:00-03:00): 23 hours, clocks go from UTC-04:00 to UTC-03:00",
            "Mon 2027-09-06, UTC-03:00",
        ])
    }

    @Test(arguments: [(82_800.0, "23 hours"), (88_200, "24.5 hours"), (84_600, "23.5 hours"), (85_500, "23.75 hours"),
                      (86_400, "24 hours"), (87_000, "24 hours 10 minutes"), (86_461, "24 hours 1 minute 1 second")])
    func aDaysLengthReadsInHours(_ length: TimeInterval, _ text: String) {
        #expect(LocalDay.hours(length) == text)
    }
}
