import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One readable line for what a file operation failed with: a POSIX error as strerror(3) says
/// it, to follow a colon ("not a directory"), never Foundation's dump of its domain and code
/// (`Error Domain=NSPOSIXErrorDomain Code=20 "Not a directory"`), which tells a user nothing more.
public enum SystemErrorText {
    /// `error` as one line: strerror's words for a POSIX error, the error's own otherwise.
    public static func of(_ error: any Error) -> String {
        if let error = error as? POSIXError { return of(errno: error.code.rawValue) }
        let bridged = error as NSError
        if bridged.domain == NSPOSIXErrorDomain { return of(errno: Int32(clamping: bridged.code)) }
        if bridged.domain == NSCocoaErrorDomain {
            if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? any Error { return of(underlying) }
            return bridged.localizedDescription
        }
        let text = String(describing: error)
        return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    }

    /// strerror(3)'s words for `code`, the first letter lowered unless it starts an
    /// abbreviation ("Input/output error" becomes "input/output error").
    public static func of(errno code: Int32) -> String {
        var bytes = Array(String(cString: strerror(code)).utf8)
        if bytes.count > 1, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[0]), !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[1]) {
            bytes[0] |= 0x20
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
