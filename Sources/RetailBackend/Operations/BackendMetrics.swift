import Foundation
import Synchronization

/// What an operator graphs and alerts on, for `GET /metrics` in the Prometheus text format
/// (version 0.0.4): requests by route, method and status with their latency, the store's
/// latency and errors by operation, events accepted and repeated, catalogue reloads by outcome,
/// sessions made and refused. This process's since it started; counters only grow.
///
/// Every label value is this program's own (a route pattern, a method among those the API
/// answers, a status, an operation's name), never a client's text, so the series are bounded
/// and need no escaping beyond the format's.
final class BackendMetrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds: 0.5 ms to 10 s.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct Histogram: Sendable {
        var counts = [Int](repeating: 0, count: BackendMetrics.buckets.count)
        var count = 0
        var sum = 0.0

        mutating func observe(_ seconds: Double) {
            count += 1
            sum += seconds
            if let index = BackendMetrics.buckets.firstIndex(where: { seconds <= $0 }) { counts[index] += 1 }
        }
    }

    struct RequestKey: Hashable, Sendable {
        var route: String
        var method: String
        var status: Int
    }

    private struct State: Sendable {
        var requests: [RequestKey: Int] = [:]
        var requestLatency: [String: Histogram] = [:]
        var storeLatency: [String: Histogram] = [:]
        var storeErrors: [String: [String: Int]] = [:]
        var sessionsMade = 0
        var sessionsRefused = 0
    }

    private let state = Mutex(State())

    /// The methods the API answers; any other is counted as `other`.
    static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]

    func request(route: String, method: String, status: Int, seconds: Double) {
        let method = Self.methods.contains(method) ? method : "other"
        state.withLock { state in
            state.requests[RequestKey(route: route, method: method, status: status), default: 0] += 1
            state.requestLatency[route, default: Histogram()].observe(seconds)
        }
    }

    func store(_ operation: String, seconds: Double, error: StoreError?) {
        state.withLock { state in
            state.storeLatency[operation, default: Histogram()].observe(seconds)
            if let error {
                let kind = switch error {
                case .unavailable: "unavailable"
                case .full: "full"
                case .failed: "failed"
                }
                state.storeErrors[operation, default: [:]][kind, default: 0] += 1
            }
        }
    }

    func session(made: Bool) {
        state.withLock { state in
            if made { state.sessionsMade += 1 } else { state.sessionsRefused += 1 }
        }
    }

    /// What the rest of the backend counts itself, read when scraped.
    struct Gauges: Sendable {
        var eventsAccepted: Int
        var eventsDuplicated: Int
        var reloadsApplied: Int
        var reloadsRefused: Int
        var catalogueVersion: Int
    }

    /// The exposition: `# HELP` and `# TYPE` for each family, then its samples, sorted.
    func text(_ gauges: Gauges) -> String {
        let state = self.state.withLock { $0 }
        var lines: [String] = []
        func family(_ name: String, _ type: String, _ help: String) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
        }
        func histogram(_ name: String, _ label: String, _ series: [String: Histogram]) {
            for (value, histogram) in series.sorted(by: { $0.key < $1.key }) {
                var cumulative = 0
                for (bound, count) in zip(Self.buckets, histogram.counts) {
                    cumulative += count
                    lines.append("\(name)_bucket{\(label)=\"\(Self.escaped(value))\",le=\"\(Self.number(bound))\"} \(cumulative)")
                }
                lines.append("\(name)_bucket{\(label)=\"\(Self.escaped(value))\",le=\"+Inf\"} \(histogram.count)")
                lines.append("\(name)_sum{\(label)=\"\(Self.escaped(value))\"} \(Self.number(histogram.sum))")
                lines.append("\(name)_count{\(label)=\"\(Self.escaped(value))\"} \(histogram.count)")
            }
        }
        family("vitrine_http_requests_total", "counter", "Requests answered, by route pattern, method and status.")
        for (key, count) in state.requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            lines.append("vitrine_http_requests_total{route=\"\(Self.escaped(key.route))\",method=\"\(key.method)\",status=\"\(key.status)\"} \(count)")
        }
        family("vitrine_http_request_duration_seconds", "histogram", "Time from a request's routing to its answer, by route pattern.")
        histogram("vitrine_http_request_duration_seconds", "route", state.requestLatency)
        family("vitrine_store_operation_duration_seconds", "histogram", "Time the shoppers' store took to answer, by operation.")
        histogram("vitrine_store_operation_duration_seconds", "operation", state.storeLatency)
        family("vitrine_store_errors_total", "counter", "Store operations that failed, by operation and kind (unavailable, full, failed).")
        for (operation, kinds) in state.storeErrors.sorted(by: { $0.key < $1.key }) {
            for (kind, count) in kinds.sorted(by: { $0.key < $1.key }) {
                lines.append("vitrine_store_errors_total{operation=\"\(Self.escaped(operation))\",kind=\"\(kind)\"} \(count)")
            }
        }
        family("vitrine_events_accepted_total", "counter", "Analytics events accepted (new to their shopper's window) and kept.")
        lines.append("vitrine_events_accepted_total \(gauges.eventsAccepted)")
        family("vitrine_events_duplicated_total", "counter", "Analytics events refused as repeats of an id already accepted.")
        lines.append("vitrine_events_duplicated_total \(gauges.eventsDuplicated)")
        family("vitrine_catalogue_reloads_total", "counter", "Catalogue reloads, by outcome: applied, or refused (the last good version keeps serving).")
        lines.append("vitrine_catalogue_reloads_total{outcome=\"applied\"} \(gauges.reloadsApplied)")
        lines.append("vitrine_catalogue_reloads_total{outcome=\"refused\"} \(gauges.reloadsRefused)")
        family("vitrine_catalogue_version", "gauge", "The catalogue version served (1 at start, one more for each applied reload).")
        lines.append("vitrine_catalogue_version \(gauges.catalogueVersion)")
        family("vitrine_sessions_created_total", "counter", "Guest sessions made.")
        lines.append("vitrine_sessions_created_total \(state.sessionsMade)")
        family("vitrine_sessions_refused_total", "counter", "New sessions refused: past an address's allowance or all addresses'.")
        lines.append("vitrine_sessions_refused_total \(state.sessionsRefused)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A label value as the format writes it: backslash, quote and newline escaped.
    static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A sample value: shortest round-trip decimal, as Go's and Python's clients write it.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) + ".0" : "\(value)"
    }
}
