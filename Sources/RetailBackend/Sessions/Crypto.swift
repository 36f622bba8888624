import CCrypto
import Synchronization

/// The cryptographic primitives the backend uses, each one call into Debian's libcrypto
/// (OpenSSL 3), and the operating system's random source. Nothing here is home-made: the
/// functions only move bytes in and out.
enum Crypto {
    /// HMAC-SHA-256 of `data` under `key`: 32 bytes, or nil if libcrypto failed (it does not
    /// for these inputs; a caller treats nil as the server's own fault).
    static func hmacSHA256(key: [UInt8], data: [UInt8]) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: 32)
        let succeeded = key.withUnsafeBytes { key in
            data.withUnsafeBytes { data in
                out.withUnsafeMutableBufferPointer { out in
                    vitrine_hmac_sha256(key.baseAddress, key.count, data.baseAddress, data.count, out.baseAddress) == 1
                }
            }
        }
        return succeeded ? out : nil
    }

    /// HMAC-SHA-256 under one key, for a key that hashes many messages (every session token
    /// of every request): libcrypto's keyed contexts are made once and used again, each by
    /// one thread at a time, instead of fetching the algorithm and hashing the key per call.
    final class HMACSHA256: Sendable {
        /// A keyed `EVP_MAC_CTX`; handed from thread to thread only through `idle`'s lock, and
        /// used by the one that took it out.
        private struct Context: @unchecked Sendable {
            let pointer: OpaquePointer
        }

        private let key: [UInt8]
        /// Keyed contexts not in use now, at most `keptIdle`.
        private let idle = Mutex<[Context]>([])
        static let keptIdle = 16

        init(key: [UInt8]) {
            self.key = key
        }

        deinit {
            idle.withLock { contexts in contexts.forEach { vitrine_hmac_free($0.pointer) } }
        }

        /// The 32-byte MAC of `data`, or nil if libcrypto failed (it does not for these inputs).
        func mac(_ data: UnsafeRawBufferPointer) -> [UInt8]? {
            let reused = idle.withLock { $0.popLast() }
            guard let context = reused ?? key.withUnsafeBytes({ vitrine_hmac_sha256_keyed($0.baseAddress, $0.count) }).map(Context.init) else {
                return nil
            }
            var out = [UInt8](repeating: 0, count: 32)
            let succeeded = out.withUnsafeMutableBufferPointer { out in
                vitrine_hmac_sha256_again(context.pointer, data.baseAddress, data.count, out.baseAddress) == 1
            }
            let kept = succeeded && idle.withLock { contexts in
                guard contexts.count < Self.keptIdle else { return false }
                contexts.append(context)
                return true
            }
            if !kept { vitrine_hmac_free(context.pointer) }
            return succeeded ? out : nil
        }
    }

    /// SHA-256 of `data`: 32 bytes, or nil if libcrypto failed.
    static func sha256(_ data: [UInt8]) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: 32)
        let succeeded = data.withUnsafeBytes { data in
            out.withUnsafeMutableBufferPointer { out in vitrine_sha256(data.baseAddress, data.count, out.baseAddress) == 1 }
        }
        return succeeded ? out : nil
    }

    /// Whether two byte strings are equal, in a time that depends on their length only
    /// (`CRYPTO_memcmp`), so that comparing a secret leaks nothing of where it differs.
    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard !lhs.isEmpty else { return true }
        return lhs.withUnsafeBytes { lhs in
            rhs.withUnsafeBytes { rhs in vitrine_constant_time_compare(lhs.baseAddress, rhs.baseAddress, lhs.count) == 0 }
        }
    }

    /// `count` bytes from the operating system's random source (`SystemRandomNumberGenerator`
    /// reads `getrandom(2)` on Linux).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) }
        }
        return Array(bytes.prefix(count))
    }

    /// Lower-case hexadecimal.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of lower- or upper-case hexadecimal text, or nil for anything else.
    static func bytes(hex text: some StringProtocol) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = nibble(characters[index]), let low = nibble(characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
