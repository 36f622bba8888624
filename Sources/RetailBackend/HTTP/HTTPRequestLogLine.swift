import CMicroHTTPD
import Foundation

/// One log line per request: `GET /v1/home 200 5120B 1.8ms`, and for a request that ended
/// without a complete answer, why (`POST /v1/events - 0B 1002.4ms timeout`). The query is
/// left out so that search terms and ids from users stay out of the log.
struct HTTPRequestLogLine {
    let text: String

    init(context: HTTPRequestContext, termination: MHD_RequestTerminationCode, now: ContinuousClock.Instant) {
        let path = context.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let method = context.method.isEmpty ? "-" : context.method
        let status = context.status.map(String.init) ?? "-"
        // Tenths of a millisecond, formatted by hand: this runs once per request.
        let tenths = max(0, Int((now - context.startedAt) / .microseconds(100)))
        var text = "\(method) \(path) \(status) \(context.sentBodyBytes)B \(tenths / 10).\(tenths % 10)ms"
        if context.method.isEmpty, context.status == nil, termination == .REQUEST_TERMINATED_WITH_ERROR {
            // The headers never parsed: libmicrohttpd answered (400, 431) or closed by itself.
            text += " refused"
        } else if let reason = Self.reason(termination) {
            text += " " + reason
        }
        self.text = text
    }

    private static func reason(_ termination: MHD_RequestTerminationCode) -> String? {
        switch termination {
        case .REQUEST_TERMINATED_COMPLETED_OK: return nil
        case .REQUEST_TERMINATED_TIMEOUT_REACHED: return "timeout"
        case .REQUEST_TERMINATED_DAEMON_SHUTDOWN: return "shutdown"
        case .REQUEST_TERMINATED_CLIENT_ABORT: return "client-abort"
        case .REQUEST_TERMINATED_READ_ERROR: return "read-error"
        default: return "error"
        }
    }
}
