import Foundation
import Testing
@testable import FlowCore

@Suite struct JSONParserTests {
    @Test func parsesEveryValueKind() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5, 3e2, true, false, null, "x"], "b": {}} "#)
        #expect(value["a"] == .array([1, -2.5, 300, true, false, nil, "x"]))
        #expect(value["b"] == .object(JSONObject()))
    }

    @Test func keepsMemberOrderAndFirstOfRepeatedKeys() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": 2, "z": 3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "z"])
        #expect(value["z"] == 1)
    }

    @Test(arguments: [
        "0", "-0.5", "123456789012345", "1.7976931348623157e308", "0.1", "2.2250738585072014e-308",
        "12345678901234567890", "3.14159265358979323846", "1E+2", "5e-324", "0.000001", "1e22", "1e23", "-0.0",
        "9007199254740993", "4.35", "0.30000000000000004",
    ])
    func parsesNumbersCorrectlyRounded(text: String) throws {
        // Swift's own conversion is correctly rounded: the fast path and the strtod fallback must agree with it.
        #expect(try JSONParser.parse(text) == .number(try #require(Double(text))))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONParser.parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#)
        #expect(value == .string("a\"b\\c/d\n\té😀"))
    }

    @Test func replacesLoneSurrogatesAndInvalidUTF8() throws {
        #expect(try JSONParser.parse(#""\ud800x""#) == .string("\u{FFFD}x"))
        let invalid = Data([0x22, 0xFF, 0x41, 0x22])
        #expect(try JSONParser.parse(invalid) == .string("\u{FFFD}A"))
    }

    @Test(arguments: [
        ("", "unexpected end of input"), ("{", "unexpected end"), ("[1,]", "unexpected character"),
        ("{\"a\" 1}", "expected ':'"), ("01", "leading zero"), ("1.", "digit after '.'"), ("tru", "unexpected end of input"),
        ("nul!", "invalid literal"), ("\"abc", "unterminated string"), ("\"a\u{01}\"", "control character"),
        ("[1] 2", "after the document"), ("\"\\x\"", "invalid escape"), ("{1: 2}", "expected a string key"),
        ("-", "expected a digit"), ("1e", "exponent"), ("\"\\u12G4\"", "hex digit"), ("6e666666", "out of range"),
        ("-1e309", "out of range"),
    ])
    func refusesInvalidDocuments(text: String, reason: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONParseError)?.reason.contains(reason) == true
        }
    }

    @Test func reportsTheOffsetOfTheBadByte() {
        #expect(throws: JSONParseError(offset: 6, reason: "expected ',' or ']' in an array")) {
            try JSONParser.parse("[1, 2 3]")
        }
    }

    @Test func refusesNestingDeeperThanTheLimitWithoutCrashing() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let allowed = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: Never.self) { try JSONParser.parse(allowed) }
    }

    @Test func writerRoundTripsAndEscapesControlCharacters() throws {
        let value: JSONValue = ["text": "line\nbreak \u{1B}[31m \"quoted\" \\", "n": 12, "f": 0.25, "list": [true, nil]]
        let written = JSONWriter.string(for: value)
        #expect(!written.contains("\u{1B}"))
        #expect(written.contains("\\u001b"))
        #expect(try JSONParser.parse(written) == value)
        #expect(JSONWriter.string(for: .number(.infinity)) == "null")
        #expect(JSONWriter.string(for: .number(3)) == "3")
        let hostile: JSONValue = .string("\u{9B}2J \u{202E}evil\u{2069} é ✓ \u{85}")
        let safe = JSONWriter.string(for: hostile)
        #expect(safe == #""\u009b2J \u202eevil\u2069 é ✓ \u0085""#)
        #expect(try JSONParser.parse(safe) == hostile)
    }
}
