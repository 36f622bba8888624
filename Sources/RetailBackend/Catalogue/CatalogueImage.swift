/// A picture a catalogue names: an image the backend serves (`cmp-winter.jpg`, drawn by its
/// generator, the demo's way) or an absolute http(s) URL, sent to clients as it is.
enum CatalogueImage {
    /// `http://` or `https://`, in any ASCII case, then at least a host's first byte.
    static func isURL(_ text: String) -> Bool {
        let lower = text.utf8.prefix(8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        return (lower.starts(with: "http://".utf8) && text.utf8.count > 7) || (lower.starts(with: "https://".utf8) && text.utf8.count > 8)
    }

    /// A served name: 1 to 128 bytes of `A-Z a-z 0-9 . _ -`, not starting with a dot, ending
    /// in `.jpg`, `.jpeg` or `.png`. Only such names are looked up, never used as paths.
    static func isServedName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (5...128).contains(bytes.count), bytes[0] != UInt8(ascii: "."),
            bytes.allSatisfy({ isNameByte($0) })
        else { return false }
        return format(of: text) != nil
    }

    /// Whether `text` names a picture at all.
    static func isValid(_ text: String) -> Bool {
        isServedName(text) || (isURL(text) && text.utf8.count <= 2048 && text.utf8.allSatisfy { (0x21...0x7E).contains($0) })
    }

    static func format(of name: String) -> ImageSpec.Format? {
        let lower = String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        if lower.hasSuffix(".png") { return .png }
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return .jpeg }
        return nil
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
