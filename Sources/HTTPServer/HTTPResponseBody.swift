import CMicroHTTPD
import Foundation

/// A response body lent to libmicrohttpd without a copy: it holds the `Data` (so its bytes
/// stay allocated, and unchanged, since any other holder that writes copies them first) and
/// where they start. One retain goes to libmicrohttpd with the response and comes back
/// through `release` when the response is freed, on whichever thread that is.
///
/// Only for bodies of `sharedFrom` bytes and more: `Data` keeps 14 bytes and fewer inline in
/// the value itself, where no pointer outlives the call that lent it, and copying a small
/// body costs less than the retain.
final class HTTPResponseBody: @unchecked Sendable {
    // @unchecked: immutable after init; the bytes are only read.
    static let sharedFrom = 1024

    let data: Data
    let start: UnsafeRawPointer?

    init(_ data: Data) {
        precondition(data.count >= Self.sharedFrom, "a body this small is copied, not lent")
        self.data = data
        // A `Data` of this size keeps its bytes in a heap buffer it shares with its copies:
        // the address stays valid while `data` holds that buffer.
        start = data.withUnsafeBytes { $0.baseAddress }
    }

    /// libmicrohttpd's free callback: takes back the retain the response held.
    static let release: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<HTTPResponseBody>.fromOpaque(cls).release()
    }
}
