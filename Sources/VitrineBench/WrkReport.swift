import Foundation

/// The figures `vitrine bench serve` takes from one `wrk --latency` run.
struct WrkReport: Equatable {
    var requestsPerSecond: Double
    /// Requests completed in the run (`N requests in 10.00s`).
    var requests: Int
    var p99Milliseconds: Double
    /// Responses outside 2xx/3xx: a run with any is not a measurement of the page.
    var failedResponses: Int
    var socketErrors: Int

    enum ParseError: Error, Equatable, CustomStringConvertible {
        case missing(String)
        var description: String {
            switch self {
            case .missing(let what): return "wrk's output has no \(what)"
            }
        }
    }

    /// Parses wrk 4's text report, e.g. `Requests/sec:  12345.67` and, from the
    /// `Latency Distribution` block, `99%    3.21ms`.
    init(parsing output: String) throws(ParseError) {
        var requestsPerSecond: Double?
        var requests = 0
        var p99: Double?
        var failedResponses = 0
        var socketErrors = 0
        for line in output.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," })
            guard let first = fields.first else { continue }
            switch first {
            case "Requests/sec:":
                requestsPerSecond = fields.count > 1 ? Double(fields[1]) : nil
            case "99%" where fields.count > 1:
                p99 = Self.milliseconds(fields[1])
            case _ where fields.count > 2 && fields[1] == "requests" && fields[2] == "in":
                requests = Int(first) ?? 0
            case "Non-2xx":
                failedResponses = fields.last.flatMap { Int($0) } ?? 0
            case "Socket":
                // `Socket errors: connect 0, read 0, write 0, timeout 0`
                socketErrors = fields.compactMap { Int($0) }.reduce(0, +)
            default:
                continue
            }
        }
        guard let requestsPerSecond else { throw .missing("Requests/sec line") }
        guard let p99 else { throw .missing("99% latency line (was --latency given?)") }
        self.requestsPerSecond = requestsPerSecond
        self.requests = requests
        self.p99Milliseconds = p99
        self.failedResponses = failedResponses
        self.socketErrors = socketErrors
    }

    /// Rounds of equal length as one figure: mean throughput, the worst p99, summed failures.
    init(combining rounds: [WrkReport]) {
        let count = Double(max(rounds.count, 1))
        requestsPerSecond = rounds.map(\.requestsPerSecond).reduce(0, +) / count
        requests = rounds.map(\.requests).reduce(0, +)
        p99Milliseconds = rounds.map(\.p99Milliseconds).max() ?? 0
        failedResponses = rounds.map(\.failedResponses).reduce(0, +)
        socketErrors = rounds.map(\.socketErrors).reduce(0, +)
    }

    /// `850.00us`, `3.21ms`, `1.02s`, `1.50m` in milliseconds.
    static func milliseconds(_ text: Substring) -> Double? {
        let units: [(String, Double)] = [("us", 0.001), ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        for (unit, scale) in units where text.hasSuffix(unit) {
            guard let value = Double(text.dropLast(unit.count)) else { return nil }
            return value * scale
        }
        return nil
    }
}
