import FlowCore
import Foundation

/// The bytes of a cache entry on disk, in two files so that a 304 can renew an entry's
/// freshness without rewriting its page:
///
/// - `<stem>.page`: `VTHC1\n`, a little-endian `UInt32` header length, the header (JSON:
///   `key`, `etag`), a `UInt64` body length, the body, and a `UInt64` checksum over all
///   of it. Written once per fetched version.
/// - `<stem>.fresh`: JSON (`fetched_at`, `ttl`, `page`: the page file's checksum) and a
///   `UInt64` checksum over it. A record whose `page` is not the page file's checksum
///   belongs to another version and is ignored (the entry is then stale).
///
/// Anything that does not check out (short, wrong magic, lengths, checksum, key) is torn or
/// corrupt: the cache reads it as a miss, deletes it and reports it.
enum CacheEntryFile {
    static let magic = Array("VTHC1\n".utf8)

    struct Page {
        var key: String
        var etag: String?
        var body: Data
        var checksum: UInt64
    }

    struct Freshness {
        var fetchedAt: Date
        var ttl: Double
        var pageChecksum: UInt64
    }

    enum Corruption: Error, CustomStringConvertible {
        case truncated
        case badMagic
        case badLength
        case checksumMismatch
        case badHeader

        var description: String {
            switch self {
            case .truncated: "truncated"
            case .badMagic: "not a cache entry"
            case .badLength: "lengths do not add up"
            case .checksumMismatch: "checksum mismatch"
            case .badHeader: "unreadable header"
            }
        }
    }

    static func encodePage(key: String, etag: String?, body: Data) -> (bytes: Data, checksum: UInt64) {
        let header = JSONWriter.data(for: .object(JSONObject([
            (key: "key", value: .string(key)), (key: "etag", value: etag.map(JSONValue.string) ?? .null),
        ])))
        var bytes = Data(capacity: magic.count + 4 + header.count + 8 + body.count + 8)
        bytes.append(contentsOf: magic)
        append(UInt32(header.count), to: &bytes)
        bytes.append(header)
        append(UInt64(body.count), to: &bytes)
        bytes.append(body)
        let checksum = StableHash.checksum(bytes)
        append(checksum, to: &bytes)
        return (bytes, checksum)
    }

    static func decodePage(_ bytes: Data) throws(Corruption) -> Page {
        let count = bytes.count
        guard count >= magic.count + 4 + 8 + 8 else { throw .truncated }
        // `withUnsafeBytes` does not carry a typed error out: the closure answers a `Result`.
        return try bytes.withUnsafeBytes { buffer in Result { () throws(Corruption) in try page(in: buffer, count: count) } }.get()
    }

    private static func page(in buffer: UnsafeRawBufferPointer, count: Int) throws(Corruption) -> Page {
        guard buffer.prefix(magic.count).elementsEqual(magic) else { throw .badMagic }
        var offset = magic.count
        let headerLength = Int(buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
        offset += 4
        guard headerLength <= count - offset - 16 else { throw .badLength }
        let headerRange = offset..<(offset + headerLength)
        offset += headerLength
        let bodyLength = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
        offset += 8
        guard bodyLength == UInt64(count - offset - 8) else { throw .badLength }
        let stored = buffer.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self).littleEndian
        let checksum = StableHash.checksum(UnsafeRawBufferPointer(rebasing: buffer[0..<(count - 8)]))
        guard stored == checksum else { throw .checksumMismatch }
        guard let header = try? JSONParser.parse(Data(buffer[headerRange])), let key = header["key"]?.stringValue else {
            throw .badHeader
        }
        let body = Data(buffer[offset..<(count - 8)])
        return Page(key: key, etag: header["etag"]?.stringValue, body: body, checksum: checksum)
    }

    static func encodeFreshness(_ freshness: Freshness) -> Data {
        var bytes = JSONWriter.data(for: .object(JSONObject([
            (key: "fetched_at", value: .number(freshness.fetchedAt.timeIntervalSince1970)),
            (key: "ttl", value: .number(freshness.ttl)),
            (key: "page", value: .string(StableHash.hex(freshness.pageChecksum))),
        ])))
        append(StableHash.checksum(bytes), to: &bytes)
        return bytes
    }

    static func decodeFreshness(_ bytes: Data) throws(Corruption) -> Freshness {
        guard bytes.count > 8 else { throw .truncated }
        let json = Data(bytes.prefix(bytes.count - 8))
        let stored = bytes.suffix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self).littleEndian }
        guard StableHash.checksum(json) == stored else { throw .checksumMismatch }
        guard let document = try? JSONParser.parse(json), let fetched = document["fetched_at"]?.doubleValue,
            let ttl = document["ttl"]?.doubleValue, ttl.isFinite, ttl >= 0, fetched.isFinite,
            let page = document["page"]?.stringValue, let checksum = UInt64(page, radix: 16)
        else { throw .badHeader }
        return Freshness(fetchedAt: Date(timeIntervalSince1970: fetched), ttl: ttl, pageChecksum: checksum)
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
