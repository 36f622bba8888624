import CZlib
import Foundation

/// gzip bodies for the crafted server, made with zlib: a whole member for a given text, and
/// bombs (a small body that decodes to very many zeros) made in a moment however large.
///
/// A bomb is one raw deflate segment, 1 MiB of zeros ended by a full flush, repeated: a full
/// flush ends byte-aligned and forgets the window, so the same input makes the same bytes
/// again and the segments can be laid end to end (about 1,000 times smaller than what they
/// decode to). zlib's own gzip stream of 1 GiB would take seconds to make.
public enum Gzip {
    /// The decoded size of one `zeroSegment`.
    public static let segmentBytes = 1 << 20

    /// A gzip member's header (RFC 1952): deflate, no name, no time, unknown OS.
    public static let header = Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF])

    /// Raw deflate blocks that decode to `segmentBytes` zeros and end on a byte boundary.
    public static let zeroSegment: Data = deflate(Data(count: segmentBytes), windowBits: -15, flush: Z_FULL_FLUSH)

    /// `data` as one gzip member.
    public static func compress(_ data: Data) -> Data {
        deflate(data, windowBits: 31, flush: Z_FINISH)
    }

    /// A gzip member that decodes to `count` zero bytes (rounded up to whole MiB).
    public static func zeros(count: Int) -> Data {
        let segments = max(1, (count + segmentBytes - 1) / segmentBytes)
        var body = header
        body.reserveCapacity(header.count + segments * zeroSegment.count + 10)
        let segmentCRC = Data(count: segmentBytes).withUnsafeBytes { crc32(0, $0.baseAddress, UInt32(segmentBytes)) }
        var checksum = crc32(0, nil, 0)
        for _ in 0..<segments {
            body.append(zeroSegment)
            checksum = crc32_combine(checksum, segmentCRC, Int(segmentBytes))
        }
        // The last block: empty, fixed codes, final (BFINAL 1, BTYPE 01, end of block).
        body.append(contentsOf: [0x03, 0x00])
        let decoded = UInt64(segments) * UInt64(segmentBytes)
        body.append(littleEndian: UInt32(truncatingIfNeeded: checksum))
        body.append(littleEndian: UInt32(truncatingIfNeeded: decoded))
        return body
    }

    private static func deflate(_ input: Data, windowBits: Int32, flush: Int32) -> Data {
        var stream = z_stream()
        guard vitrine_deflate_init(&stream, 9, windowBits) == Z_OK else { return Data() }
        defer { deflateEnd(&stream) }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var input = [UInt8](input)
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            repeat {
                buffer.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    _ = CZlib.deflate(&stream, flush)
                    output.append(target.baseAddress!, count: target.count - Int(stream.avail_out))
                }
            } while stream.avail_out == 0
        }
        return output
    }
}

extension Data {
    fileprivate mutating func append(littleEndian value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
