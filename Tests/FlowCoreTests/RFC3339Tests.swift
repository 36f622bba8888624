import Foundation
import Testing
@testable import FlowCore

@Suite struct RFC3339Tests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0.0), ("2026-12-24T23:00:00Z", 1_798_153_200), ("2026-12-25T00:00:00+01:00", 1_798_153_200),
        ("2024-02-29T12:00:00.5Z", 1_709_208_000.5), ("1969-12-31T23:59:59Z", -1), ("2026-12-24t23:00:00z", 1_798_153_200),
    ])
    func parsesInstants(text: String, seconds: Double) {
        #expect(RFC3339.date(from: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-12-24 23:00:00Z", "2026-12-24T23:00:00", "yesterday", "2026-12-24T23:00:00.Z", "2026-12-24T25:00:00Z", "2026-12-24T23:00:00+0100"])
    func refusesMalformedInstants(text: String) {
        #expect(RFC3339.date(from: text) == nil)
    }

    @Test func formatsRoundTrip() {
        let date = Date(timeIntervalSince1970: 1_798_153_200.25)
        #expect(RFC3339.string(from: date) == "2026-12-24T23:00:00.250Z")
        #expect(RFC3339.date(from: RFC3339.string(from: date)) == date)
    }

    /// An instant written in a zone's local time reads back as the same instant.
    @Test(arguments: [0, 3600, -3 * 3600, 5 * 3600 + 45 * 60, 13 * 3600, -(9 * 3600 + 30 * 60)])
    func anInstantWrittenAtAnOffsetReadsBackTheSame(offset: Int) throws {
        let instant = Date(timeIntervalSince1970: 1_800_000_000)
        let written = RFC3339.string(from: instant, offset: offset)
        #expect(RFC3339.date(from: written) == instant, "\(written)")
        if offset == 3600 { #expect(written == "2027-01-15T09:00:00+01:00") }
        if offset == -(9 * 3600 + 30 * 60) { #expect(written.hasSuffix("-09:30")) }
        if offset == 0 { #expect(written.hasSuffix("Z")) }
    }

    /// A millisecond rounded up to the next second carries into it; an offset with seconds is
    /// written to its minute, and the text reads back as the same instant.
    @Test func roundingCarriesAndOffsetsAreWholeMinutes() throws {
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: 1_798_000_000.9996)) == "2026-12-23T04:26:41Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: -0.0004)) == "1970-01-01T00:00:00Z")
        let before1893 = try #require(RFC3339.date(from: "1850-01-01T00:00:00Z"))
        let written = RFC3339.string(from: before1893, offset: 53 * 60 + 28)
        #expect(written == "1850-01-01T00:53:00+00:53")
        #expect(RFC3339.date(from: written) == before1893)
    }

    /// Instants RFC 3339 cannot write (past year 9999, before year 0, infinite, NaN) are
    /// written as the nearest it can, and what is written reads back.
    @Test func instantsPastFourDigitYearsAreWrittenAsTheLastOrFirstOneCan() throws {
        #expect(RFC3339.string(from: .distantFuture.addingTimeInterval(1e15)) == "9999-12-31T23:59:59.999Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59.999Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: -.infinity)) == "0000-01-01T00:00:00Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: Double(Int64.max) / 1000)) == "9999-12-31T23:59:59.999Z")
        #expect(RFC3339.date(from: "9999-12-31T23:59:59.999Z") != nil)
    }
}
