#if !canImport(Darwin)
import Foundation

/// One line of an answer's header as curl hands it over (CRLF included): a status line, or a
/// field whose name is lower-cased (what `HTTPSession.Response.headers` holds) and whose value
/// is trimmed of spaces and tabs. Anything else (the empty line that ends the header, a line
/// without a colon) is nil.
enum HeaderLine: Equatable {
    case status
    case field(name: String, value: String)

    init?(_ bytes: UnsafeRawBufferPointer) {
        var line = bytes[...]
        while let last = line.last, last == 0x0D || last == 0x0A { line = line.dropLast() }
        guard !line.isEmpty else { return nil }
        if line.starts(with: "HTTP/".utf8) {
            self = .status
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return nil }
        let name = line[..<colon].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        self = .field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }
}
#endif
