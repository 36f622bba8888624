import HTTPServer
/// The pagination cursor: `s<offset>`, the index of the first section of the next page.
/// Opaque to clients (CONTRACT §1 echoes `postback` as it came).
enum PageCursor {
    static func token(offset: Int) -> String {
        "s\(offset)"
    }

    static func offset(_ raw: String?) throws(RequestError) -> Int {
        guard let raw, !raw.isEmpty else { return 0 }
        guard raw.hasPrefix("s"), raw.utf8.count <= 7, let offset = Int(raw.dropFirst()), offset >= 0,
            raw.dropFirst().allSatisfy(\.isNumber)
        else {
            throw .badParameter("cursor '\(raw.clipped(toUTF8Bytes: 40))' is not one this server gave out")
        }
        return offset
    }
}
