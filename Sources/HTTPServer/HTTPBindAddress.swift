import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The socket address the daemon binds, parsed from the configuration's host and port.
/// Only numeric addresses (and `localhost`) are accepted so that binding never waits on DNS.
struct HTTPBindAddress {
    /// `sockaddr_in` or `sockaddr_in6` bytes.
    var storage: sockaddr_storage
    var isIPv6: Bool

    init(host: String, port: Int) throws(HTTPServerError) {
        guard (0...65_535).contains(port) else {
            throw .invalidConfiguration("port \(port) is outside 0–65535")
        }
        let numericHost = host == "localhost" ? "127.0.0.1" : host
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, numericHost, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port)).bigEndian
            self.storage = Self.storage(holding: v4)
            self.isIPv6 = false
            return
        }
        let bracketless = numericHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, bracketless, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port)).bigEndian
            self.storage = Self.storage(holding: v6)
            self.isIPv6 = true
            return
        }
        throw .invalidHost(host)
    }

    /// A `sockaddr_in` or `sockaddr_in6` laid into the storage that fits either.
    private static func storage<Address>(holding address: Address) -> sockaddr_storage {
        var storage = sockaddr_storage()
        withUnsafeBytes(of: address) { source in
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
        }
        return storage
    }
}
