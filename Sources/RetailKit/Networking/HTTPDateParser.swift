import FlowCore
import Foundation

/// Reads an HTTP `Date` in the form every sender must use (RFC 9110 §5.6.7, IMF-fixdate:
/// `Sun, 06 Nov 1994 08:49:37 GMT`), on bytes. The obsolete forms a recipient may also meet
/// are not read: the backend sends IMF-fixdate, and a header that does not parse is ignored.
enum HTTPDateParser {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        // "Sun, 06 Nov 1994 08:49:37 GMT"
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == 0x20, bytes[7] == 0x20, bytes[11] == 0x20,
            bytes[16] == 0x20, bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"), bytes[25] == 0x20,
            bytes[26...].elementsEqual("GMT".utf8)
        else { return nil }
        let month = String(decoding: bytes[8..<11], as: UTF8.self)
        guard let index = months.firstIndex(where: { $0.utf8.elementsEqual(month.utf8) }) else { return nil }
        let day = String(decoding: bytes[5..<7], as: UTF8.self)
        let year = String(decoding: bytes[12..<16], as: UTF8.self)
        let time = String(decoding: bytes[17..<25], as: UTF8.self)
        let month2 = index + 1 < 10 ? "0\(index + 1)" : "\(index + 1)"
        return RFC3339.date(from: "\(year)-\(month2)-\(day)T\(time)Z")
    }
}
