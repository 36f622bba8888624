import Foundation

/// A decoded sheet and what its decode dropped or contained.
public struct DecodedSheet: Sendable {
    public var sheet: SheetModel
    public var diagnostics: [Diagnostic]
}

extension PageDecoder {
    /// Decodes a `{"sheet": …}` document.
    public func decodeSheet(_ data: Data) throws(PageDecodingError) -> DecodedSheet {
        let parsed = try Self.parse(data)
        guard let sheet = parsed.value["sheet"] else { throw .missingRoot("sheet") }
        var decoded = try decodeSheet(sheet)
        let session = DecodeSession(catalog: catalog)
        session.report(parsed)
        decoded.diagnostics = session.diagnostics + decoded.diagnostics
        return decoded
    }

    /// Decodes a sheet object, such as the one an `open_bottom_sheet` action carries. Ids are
    /// unique within the sheet, which has its own identity space.
    ///
    /// A sheet is one element shown alone, so it is refused (`invalidSheet`) rather than
    /// opened empty when `config`, `header`, `footer` or `sections` has the wrong JSON type.
    public func decodeSheet(_ value: JSONValue) throws(PageDecodingError) -> DecodedSheet {
        guard case .object(let object) = value else { throw .missingRoot("sheet") }
        for (key, isObject) in [("config", true), ("header", true), ("footer", true), ("sections", false)] {
            guard let member = object[key], !member.isNull else { continue }
            let fits = isObject ? member.objectValue != nil : member.arrayValue != nil
            if !fits { throw .invalidSheet("'\(key)' must be \(isObject ? "an object" : "an array"), found \(member.typeName)") }
        }
        let root = CodingPath(root: "sheet")
        let session = DecodeSession(catalog: catalog)
        session.payload = value
        let id: String = session.lenient("id", in: object, at: root) ?? "sheet@sheet"
        let config: SheetConfig = session.lenient("config", in: object, at: root) ?? SheetConfig()
        let header = session.decodeStrip(object["header"], at: root.appending("header"), slot: .pageHeader)
        let sections = decodeSections(object["sections"], at: root.appending("sections"), session: session)
        let footer = session.decodeStrip(object["footer"], at: root.appending("footer"), slot: .pageFooter)
        let sheet = SheetModel(
            id: id, config: config, header: header?.widgets ?? [], sections: sections, footer: footer?.widgets ?? [])
        return DecodedSheet(sheet: sheet, diagnostics: session.diagnostics)
    }
}
