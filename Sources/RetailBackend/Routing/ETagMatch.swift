import Foundation

/// `If-None-Match` against one ETag: a list of tags, `*`, and weak tags compared weakly
/// (RFC 9110 §13.1.2).
enum ETagMatch {
    static func matches(_ header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || (tag.hasPrefix("W/") && tag.dropFirst(2) == etag)
        }
    }
}
