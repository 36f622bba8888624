import FlowCore
import Foundation
import RetailKit
import RetailPresentation
import RetailTerminal
import Testing
@testable import VitrineCLI

/// What a reading of a previewed file shows in the panel, in the reader's language.
@Suite struct PreviewCommandTests {
    static let registry = RetailViews.makeRegistry(unknownWidgetPolicy: .placeholder)
    static let decoder = PageDecoder(catalog: registry.catalog, makeRequestID: { "preview" })

    static func reading(_ json: String, in locale: AppLocale) -> PreviewDocument {
        PreviewCommand.document(for: Data(json.utf8), decoder: decoder, client: VitrineApp.clientContext, words: Words(locale))
    }

    static let pageWithUnknownWidget = #"""
        {"page": {"id": "draft", "sections": [{"id": "s", "widgets": [{"type": "fancy", "id": "f", "data": {}}]}]}}
        """#

    /// Each finding says what it means in the reader's language; the decoder's detail, as a
    /// `contract_problem` event carries it, follows.
    @Test(arguments: [
        (AppLocale.enUS, "Unknown widget type: page.sections.0.widgets.0 (fancy)"),
        (.deDE, "Unbekannter Widget-Typ: page.sections.0.widgets.0 (fancy)"),
        (.frFR, "Type de widget inconnu : page.sections.0.widgets.0 (fancy)"),
    ])
    func aFindingSaysWhatItMeansInTheReadersLanguage(locale: AppLocale, headline: String) throws {
        guard case .shown(let page) = Self.reading(Self.pageWithUnknownWidget, in: locale) else {
            Issue.record("the page is shown")
            return
        }
        let finding = try #require(page.diagnostics.first)
        #expect(Array(finding.headline.utf8) == Array(headline.utf8), "\(finding.headline)")
        #expect(finding.detail == "unknown widget type 'fancy'")
    }

    /// Broken JSON is placed by line and column, as `catalogue check` places it, in the
    /// reader's words.
    @Test func brokenJSONIsPlacedByLineAndColumn() {
        guard case .refused(let reason) = Self.reading("{\"page\": {\n  \"id\": \"draft\",\n  \"sections\": [}\n}", in: .deDE) else {
            Issue.record("a broken file is refused")
            return
        }
        #expect(reason.contains("Zeile 3, Spalte 16"), "\(reason)")
    }

    /// Why a file is refused is said whole in the reader's language: the sentence and what the
    /// parser met are the catalogue's words; only the parser's data (the line, the column in
    /// characters, the byte, the character met, the schema versions) is filled in as it is.
    @Test(arguments: [
        (AppLocale.enUS, #"{"page": {"id": "é€😀é€😀", "sections": [}}"#,
         "page refused: not JSON at line 1, column 40 (byte 51): unexpected character '}'"),
        (.deDE, #"{"page": {"id": "é€😀é€😀", "sections": [}}"#,
         "Seite abgelehnt: kein JSON in Zeile 1, Spalte 40 (Byte 51): unerwartetes Zeichen „}“"),
        (.frFR, #"{"page": {"id": "é€😀é€😀", "sections": [}}"#,
         "page refusée : pas du JSON à la ligne 1, colonne 40 (octet 51) : caractère inattendu « } »"),
        (.frFR, "{\"page\": {\"id\": \"draft\"", "page refusée : pas du JSON à la ligne 1, colonne 24 (octet 23) : le document s’arrête trop tôt"),
        (.deDE, #"{"pages": {"id": "draft"}}"#, "Seite abgelehnt: kein Objekt „page“ auf der obersten Ebene"),
        (.frFR, #"{"page": {"id": "draft", "schema_version": 7}}"#,
         "page refusée : schema_version non prise en charge : 7 (ce client prend en charge 1)"),
    ])
    func aRefusalIsSaidInTheReadersLanguage(locale: AppLocale, json: String, reason expected: String) {
        guard case .refused(let reason) = Self.reading(json, in: locale) else {
            Issue.record("a broken file is refused")
            return
        }
        #expect(Array(reason.utf8) == Array(expected.utf8), "\(reason)")
    }

    /// Payload strings in a finding cannot drive the terminal.
    @Test func aFindingsPayloadStringsAreMadeSafe() throws {
        let hostile = #"{"page": {"id": "draft", "sections": [{"id": "s", "widgets": [{"type": "x\u001b]52;c;aGk=\u0007", "id": "f", "data": {}}]}]}}"#
        guard case .shown(let page) = Self.reading(hostile, in: .enUS) else {
            Issue.record("the page is shown")
            return
        }
        let finding = try #require(page.diagnostics.first)
        for text in [finding.headline, finding.detail] {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(text)")
        }
    }
}
