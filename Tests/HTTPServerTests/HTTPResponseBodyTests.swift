import CMicroHTTPD
import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// Response bodies lent to libmicrohttpd without a copy: the bytes stay alive exactly as long
/// as the libmicrohttpd response that sends them.
@Suite("HTTP server: response bodies")
struct HTTPResponseBodyTests {
    /// Set when a body's bytes are freed.
    final class Freed: Sendable {
        private let flag = Atomic(false)
        var value: Bool { flag.load(ordering: .relaxed) }
        func set() { flag.store(true, ordering: .relaxed) }
    }

    /// A body whose bytes are freed by a deallocator that says so.
    static func body(count: Int, freed: Freed) -> Data {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 1)
        bytes.initializeMemory(as: UInt8.self, repeating: 0x7B, count: count)
        return Data(bytesNoCopy: bytes, count: count, deallocator: .custom { pointer, _ in
            pointer.deallocate()
            freed.set()
        })
    }

    /// A libmicrohttpd response for a body that nothing else holds once this returns.
    static func response(bodyOf count: Int, freed: Freed) throws -> OpaquePointer {
        try #require(HTTPServerCore.mhdResponse(body: body(count: count, freed: freed)))
    }

    @Test func aLargeBodyIsLentUntilTheResponseIsFreed() throws {
        let freed = Freed()
        let response = try Self.response(bodyOf: HTTPResponseBody.sharedFrom, freed: freed)
        // Only the response holds the bytes now; they are still there.
        #expect(!freed.value)
        MHD_destroy_response(response)
        #expect(freed.value)
    }

    @Test func aSmallBodyIsCopiedAndNotHeld() throws {
        let freed = Freed()
        let response = try Self.response(bodyOf: HTTPResponseBody.sharedFrom - 1, freed: freed)
        #expect(freed.value)
        MHD_destroy_response(response)
    }

    @Test(arguments: ["Content-Length", "content-length", "TRANSFER-Encoding", "Connection"])
    func framingHeadersAreLeftToLibmicrohttpd(name: String) {
        #expect(HTTPServerCore.isFramingHeader(name))
    }

    @Test(arguments: ["Content-Type", "Connections", "Content-Lengtz", "", "Cönnection", "Content_Length"])
    func otherHeadersAreSent(name: String) {
        #expect(!HTTPServerCore.isFramingHeader(name))
    }
}
