import CPostgres
import Foundation

/// What is said about a `--database` URL, which may hold a password: libpq's own messages
/// quote parts of a connection string they cannot read (a password with a bare `%`, a host
/// with a lone `[`), so the URL is checked first and refused in words of ours, and any message
/// of libpq's has the URL and its password taken out before anyone sees it (the user and the
/// host stay: they say which database).
enum PostgresURL {
    /// Why `url` cannot be used as it is, without repeating any of it; nil when libpq reads it.
    static func refusal(_ url: String) -> String? {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &message) else {
            if let message { PQfreemem(message) }
            return "the database URL cannot be read (a '%' not followed by two hex digits, an unclosed '[', an unknown "
                + "parameter?); it is not repeated here, since it may hold a password"
        }
        PQconninfoFree(options)
        return nil
    }

    /// The value `url` gives `keyword` (`options`, …), nil when it gives none.
    static func parameter(_ keyword: String, of url: String) -> String? {
        guard let options = PQconninfoParse(url, nil) else { return nil }
        defer { PQconninfoFree(options) }
        return value(of: keyword, in: options)
    }

    /// The value of `keyword` in libpq's array of connection options (ended by a null keyword).
    static func value(of keyword: String, in options: UnsafeMutablePointer<PQconninfoOption>) -> String? {
        var option = options
        while let name = option.pointee.keyword {
            if String(cString: name).utf8.elementsEqual(keyword.utf8) { return option.pointee.val.map { String(cString: $0) } }
            option += 1
        }
        return nil
    }

    /// `message` with `url` and the password it names replaced by `***`, on one line.
    static func redacted(_ message: String, of url: String) -> String {
        var secrets = [url]
        if let options = PQconninfoParse(url, nil) {
            defer { PQconninfoFree(options) }
            var option = options
            while let keyword = option.pointee.keyword {
                let name = String(cString: keyword)
                if name == "password", let value = option.pointee.val {
                    secrets.append(String(cString: value))
                }
                option += 1
            }
        }
        var text = message
        // Longest first, so that a password inside the URL goes with the URL.
        for secret in secrets.sorted(by: { $0.utf8.count > $1.utf8.count }) where !secret.isEmpty {
            text = text.replacingOccurrences(of: secret, with: "***")
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
