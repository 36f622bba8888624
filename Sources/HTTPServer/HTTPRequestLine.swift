import CMicroHTTPD
import Foundation

/// The request line as libmicrohttpd hands it to the access handler: pointers into the
/// connection's read buffer, where 0.9.75 parses the whole head in place (`HTTPHeadLayout`
/// reads them), and the method and version as text.
struct HTTPRequestLine {
    let methodStart: UnsafePointer<CChar>?
    /// The target as libmicrohttpd left it (its query cut at the '?', percent-decoded).
    let targetStart: UnsafePointer<CChar>?
    let versionStart: UnsafePointer<CChar>?
    let method: String
    let version: String

    init(method: UnsafePointer<CChar>?, target: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?) {
        methodStart = method
        targetStart = target
        versionStart = version
        self.method = method.map { String(cString: $0) } ?? ""
        self.version = version.map { String(cString: $0) } ?? ""
    }
}

/// One header or trailer field as libmicrohttpd holds it: where its name and value lie and
/// how long they are.
struct HTTPRawField {
    let nameStart: UnsafePointer<CChar>
    let nameLength: Int
    let valueStart: UnsafePointer<CChar>?
    let valueLength: Int

    var name: String { Self.text(nameStart, nameLength) }
    var value: String { valueStart.map { Self.text($0, valueLength) } ?? "" }

    /// Every field of one kind, in the order sent, repeats included.
    static func fields(of connection: OpaquePointer, kind: MHD_ValueKind) -> [HTTPRawField] {
        var fields: [HTTPRawField] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values_n(
                connection, kind,
                { cls, _, key, keySize, value, valueSize in
                    guard let cls, let key else { return .YES }
                    let fields = cls.assumingMemoryBound(to: [HTTPRawField].self)
                    fields.pointee.append(HTTPRawField(nameStart: key, nameLength: keySize, valueStart: value, valueLength: valueSize))
                    return .YES
                }, pointer)
        }
        return fields
    }

    private static func text(_ start: UnsafePointer<CChar>, _ length: Int) -> String {
        start.withMemoryRebound(to: UInt8.self, capacity: max(1, length)) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
