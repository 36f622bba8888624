import Testing

import CommandLineSupport
@testable import VitrineBench

@Suite("vitrine bench serve: wrk's report")
struct WrkReportTests {
    static let sample = """
        Running 1s test @ http://127.0.0.1:32935/v1/home
          1 threads and 4 connections
          Thread Stats   Avg      Stdev     Max   +/- Stdev
            Latency   762.39us    1.15ms   9.53ms   86.98%
            Req/Sec    10.61k     3.95k   15.63k    40.00%
          Latency Distribution
             50%  274.00us
             75%  436.00us
             90%    2.39ms
             99%    5.14ms
          10608 requests in 1.01s, 1.73MB read
          Socket errors: connect 0, read 2, write 0, timeout 1
          Non-2xx or 3xx responses: 10608
        Requests/sec:  10480.14
        Transfer/sec:      1.71MB
        """

    @Test func readsThroughputP99AndFailures() throws {
        let report = try WrkReport(parsing: Self.sample)
        #expect(report.requestsPerSecond == 10480.14)
        #expect(report.requests == 10608)
        #expect(report.p99Milliseconds == 5.14)
        #expect(report.failedResponses == 10608)
        #expect(report.socketErrors == 3)
    }

    @Test func combinesRoundsIntoMeanThroughputAndWorstP99() throws {
        var slow = try WrkReport(parsing: Self.sample)
        slow.requestsPerSecond = 100
        slow.p99Milliseconds = 9
        var fast = slow
        fast.requestsPerSecond = 300
        fast.p99Milliseconds = 3
        let combined = WrkReport(combining: [slow, fast])
        #expect(combined.requestsPerSecond == 200)
        #expect(combined.p99Milliseconds == 9)
        #expect(combined.failedResponses == 2 * 10608)
        #expect(combined.socketErrors == 6)
    }

    @Test func convertsLatencyUnitsToMilliseconds() {
        #expect(WrkReport.milliseconds("850.00us") == 0.85)
        #expect(WrkReport.milliseconds("1.50s") == 1500)
        #expect(WrkReport.milliseconds("2.00m") == 120_000)
        #expect(WrkReport.milliseconds("fast") == nil)
    }

    @Test func refusesAReportWithoutTheLatencyDistribution() {
        #expect(throws: WrkReport.ParseError.missing("99% latency line (was --latency given?)")) {
            try WrkReport(parsing: "Requests/sec: 10.0\n")
        }
        #expect(throws: WrkReport.ParseError.missing("Requests/sec line")) {
            try WrkReport(parsing: "")
        }
    }
}
