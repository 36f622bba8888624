import FlowCore

/// `stories.json` and `promotions.json`.
extension CatalogueFileReader {
    /// `{"stories": [{"id", "copy": {locale: {kicker, title, body, cta}}, "image", "window"}]}`.
    mutating func stories(_ document: JSONValue, settings: CatalogueSettings) -> [Story] {
        entries(document, member: "stories", keys: ["id", "copy", "image", "window"]) { reader, object, path in
            let id = reader.required(object, "id", at: path).flatMap { reader.id($0, at: path + [.key("id")]) }
            let copy = reader.required(object, "copy", at: path)
                .flatMap { reader.copy($0, at: path + [.key("copy")], fields: ["kicker", "title", "body", "cta"]) }
            let image = reader.required(object, "image", at: path).flatMap { reader.image($0, at: path + [.key("image")]) }
            let window = object["window"] == nil
                ? CatalogueWindow(start: nil, end: nil, timeZone: settings.timeZone)
                : reader.window(object["window"], at: path + [.key("window")], defaultZone: settings.timeZone, requiresStart: false, requiresEnd: false)
            if let title = copy?["title"] { reader.requireLocales(title, settings.locales, at: path + [.key("copy")], what: "the story's title") }
            guard let id, let copy, let image, let window else { return nil }
            return Story(id: id, kicker: copy["kicker"] ?? .empty, title: copy["title"] ?? .empty, body: copy["body"] ?? .empty,
                         cta: copy["cta"] ?? .empty, image: image, window: window)
        }
    }

    /// `{"promotions": [{"id", "copy": {locale: {title, subtitle}}, "code", "segments", "colors", "window"}]}`.
    mutating func promotions(_ document: JSONValue, settings: CatalogueSettings) -> [Promotion] {
        entries(document, member: "promotions", keys: ["id", "copy", "code", "segments", "colors", "window"]) { reader, object, path in
            let id = reader.required(object, "id", at: path).flatMap { reader.id($0, at: path + [.key("id")]) }
            let copy = reader.required(object, "copy", at: path).flatMap { reader.copy($0, at: path + [.key("copy")], fields: ["title", "subtitle"]) }
            let code = reader.required(object, "code", at: path).flatMap { reader.id($0, at: path + [.key("code")]) }
            let segments = reader.segments(object["segments"], at: path + [.key("segments")]) ?? []
            var colors: [String] = []
            for (index, color) in (reader.array(object["colors"], at: path + [.key("colors")]) ?? []).enumerated() {
                guard let text = reader.string(color, at: path + [.key("colors"), .index(index)], maxBytes: 9) else { continue }
                guard Self.isColor(text) else {
                    reader.error("colour \(Self.quoted(text)) must be #RRGGBB", at: path + [.key("colors"), .index(index)])
                    continue
                }
                colors.append(text)
            }
            let window = object["window"] == nil
                ? CatalogueWindow(start: nil, end: nil, timeZone: settings.timeZone)
                : reader.window(object["window"], at: path + [.key("window")], defaultZone: settings.timeZone, requiresStart: false, requiresEnd: false)
            if let title = copy?["title"] { reader.requireLocales(title, settings.locales, at: path + [.key("copy")], what: "the promotion's title") }
            guard let id, let copy, let code, let window else { return nil }
            return Promotion(id: id, title: copy["title"] ?? .empty, subtitle: copy["subtitle"] ?? .empty, code: code,
                             segments: segments, colors: colors, window: window)
        }
    }

    static func isColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
            && bytes.dropFirst().allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The objects of `{member: [ … ]}`, each read by `read` with its path.
    mutating func entries<Entry>(
        _ document: JSONValue, member: String, keys: [String],
        read: (inout CatalogueFileReader, JSONObject, Path) -> Entry?
    ) -> [Entry] {
        guard let root = object(document, at: [], keys: [member]),
            let list = required(root, member, at: []).flatMap({ array($0, at: [.key(member)]) })
        else { return [] }
        var entries: [Entry] = []
        for (index, element) in list.enumerated() {
            let path: Path = [.key(member), .index(index)]
            guard let object = object(element, at: path, keys: keys) else { continue }
            if let entry = read(&self, object, path) { entries.append(entry) }
        }
        return entries
    }
}
