import Foundation
import Testing
@testable import RetailBackend

@Suite struct JSONParserTests {
    @Test func keepsTypesApartAndOrder() throws {
        let value = try JSONParser.parse(Array(#"{"b":true,"a":1,"c":1.5,"d":"x\u00e9\ud83d\ude00","e":[null]}"#.utf8))
        #expect(value == ["b": true, "a": 1, "c": 1.5, "d": "xé😀", "e": [.null]])
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "tru", "\"\\x\"", "\"\u{01}\"", "{} x", "\"\\ud800\"", "1e999"])
    func rejectsInvalidDocuments(text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func boundsNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(deep.utf8)) }
    }

    @Test func writerRoundTripsEscapes() throws {
        let value: JSONValue = ["text": "quote \" backslash \\ newline \n tab \t bell \u{07} é", "n": -3, "d": 0.25, "z": 2.0]
        let bytes = JSONWriter.encode(value)
        #expect(try JSONParser.parse(bytes) == value)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""z":2.0"#))
    }
}
