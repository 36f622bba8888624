import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP client for loopback benchmarks: connects from any 127.0.0.0/8 address (so
/// one process can be many clients as per-address limits see them), sends raw bytes, and
/// reads one `Connection: close` answer (or its status line).
/// Sendable: its only state is the descriptor, and the kernel serialises calls on a socket.
final class LoopbackClient: Sendable {
    private let descriptor: Int32

    /// nil when the connection cannot be made (refused, reset, out of descriptors).
    /// The descriptor is stored only once connected: a class whose init fails after every
    /// property is set runs its `deinit`, which would close it a second time.
    init?(port: Int, from source: String = "127.0.0.1", timeoutSeconds: Int = 10) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port)).bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let connected = withUnsafePointer(to: &local) { localPointer in
            withUnsafePointer(to: &remote) { remotePointer in
                localPointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) } == 0
                    && remotePointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, size) } == 0
            }
        }
        guard connected else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) == $0.count }
    }

    /// Reads until the server closes (or the receive timeout) and returns every byte it sent.
    func reply() -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return received
    }

    /// Reads until the server closes and returns the status of the answer, or nil.
    func status() -> Int? {
        let received = reply()
        // "HTTP/1.1 200 OK": the three digits after the first space.
        guard let space = received.firstIndex(of: UInt8(ascii: " ")), received.count >= space + 4 else { return nil }
        return Int(String(decoding: received[(space + 1)..<(space + 4)], as: UTF8.self))
    }
}
