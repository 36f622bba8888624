import Foundation

/// Why a server did not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// The host is not a numeric IPv4/IPv6 address or `localhost`.
    case invalidHost(String)
    /// A configuration value is out of range; the message names it.
    case invalidConfiguration(String)
    /// libmicrohttpd refused to start, most often because the port is taken.
    case cannotStart(host: String, port: Int)

    public var description: String {
        switch self {
        case .invalidHost(let host):
            return "invalid host '\(host)': give a numeric IPv4 or IPv6 address or localhost"
        case .invalidConfiguration(let message):
            return "invalid server configuration: \(message)"
        case .cannotStart(let host, let port):
            return "cannot listen on \(host):\(port) (is the port in use?)"
        }
    }
}
