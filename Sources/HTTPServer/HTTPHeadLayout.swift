import CMicroHTTPD
import Foundation

/// Proves that libmicrohttpd saw every byte of a request head as a field, so that nothing it
/// dropped or read differently can frame this request otherwise for a proxy in front.
///
/// libmicrohttpd 0.9.75 parses the head in place: NULs over the spaces of the request line,
/// over each line's CRLF and over each field's colon. It does not refuse an obs-fold line (it
/// glues the continuation onto the field's *name*, elsewhere in the pool), a line with an
/// empty name (`: v` ends the head there, so the next lines parse as a new request), or a NUL
/// inside a value (the value stops at it). None of these reaches the field list intact. So
/// the front walks the head as received (`MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE` bytes from
/// the method) and accounts for each byte: the method, one NUL, the target, one NUL, the
/// version, then per field two NULs (its CRLF), the name, a NUL (its colon), spaces or tabs,
/// the value, and at the end four NULs (the last CRLF and the empty line). Any other byte,
/// or a field that lies outside the head, is a head this front will not serve (400). Line
/// ends must be CRLF: a bare LF or CR leaves a different count of NULs and is refused too.
enum HTTPHeadLayout {
    /// Whether this libmicrohttpd parses in place as described (the one Debian ships).
    static let applies = MHD_VERSION == 0x0009_7500

    /// What is wrong with the head, or nil when every byte is accounted for. `targetLength` is
    /// the raw target's length as the URI logger saw it (`vitrine_mhd_target_length`).
    static func flaw(line: HTTPRequestLine, targetLength: Int, fields: [HTTPRawField], headSize: Int) -> String? {
        guard applies, headSize > 0, let method = line.methodStart, let target = line.targetStart, let version = line.versionStart else {
            return nil
        }
        return method.withMemoryRebound(to: UInt8.self, capacity: headSize) { base in
            let head = UnsafeBufferPointer(start: base, count: headSize)
            func offset(_ pointer: UnsafePointer<CChar>) -> Int { UnsafeRawPointer(pointer) - UnsafeRawPointer(method) }
            func all(_ range: Range<Int>, _ accepted: (UInt8) -> Bool) -> Bool {
                range.lowerBound >= 0 && range.upperBound <= headSize && head[range].allSatisfy(accepted)
            }
            let isNUL: (UInt8) -> Bool = { $0 == 0 }
            let methodEnd = line.method.utf8.count
            let targetAt = offset(target)
            let versionAt = offset(version)
            guard targetAt == methodEnd + 1, all(methodEnd..<targetAt, isNUL) else {
                return "the request line must be a method, one space, the target, one space and the version"
            }
            guard versionAt - 1 - targetAt == targetLength else {
                return "the request target holds a NUL byte, or the request line does not end in CRLF"
            }
            var position = versionAt + line.version.utf8.count
            for field in fields {
                let nameAt = offset(field.nameStart)
                guard nameAt == position + 2, all(position..<nameAt, isNUL) else {
                    return "a header line is folded (obs-fold), has an empty name, holds a NUL or does not end in CRLF"
                }
                position = nameAt + field.nameLength
                let valueAt = field.valueStart.map(offset) ?? position + 1
                guard valueAt > position, all(position..<position + 1, isNUL),
                      all(position + 1..<valueAt, HTTPFraming.isOptionalWhitespace)
                else {
                    return "a header line is folded (obs-fold), has an empty name, holds a NUL or does not end in CRLF"
                }
                position = valueAt + field.valueLength
            }
            guard headSize - position == 4, all(position..<headSize, isNUL) else {
                return "a header line is folded (obs-fold), has an empty name, holds a NUL or does not end in CRLF"
            }
            return nil
        }
    }
}
