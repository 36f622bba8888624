import Foundation
import Testing
@testable import FlowCore

@Suite struct JSONParserTests {
    @Test func parsesEveryValueKind() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5, 3e2, true, false, null, "x"], "b": {}} "#)
        #expect(value["a"] == .array([1, -2.5, 300, true, false, nil, "x"]))
        #expect(value["b"] == .object(JSONObject()))
    }

    @Test func keepsMemberOrderAndOnlyTheFirstOfARepeatedKey() throws {
        let parsed = try JSONParser.parseReportingProblems(Data(#"{"z": 1, "a": {"k": 2, "k": 3}, "z": 3}"#.utf8))
        #expect(parsed.value.objectValue?.keys == ["z", "a"])
        #expect(parsed.value["z"] == 1)
        #expect(parsed.value["a"] == ["k": 2])
        #expect(parsed.problems.map(\.kind) == [.repeatedKey("k"), .repeatedKey("z")])
        #expect(parsed.problems.map(\.path) == [[.key("a")], []])
        // The writer writes what the tree holds: each key once, so every reader agrees.
        #expect(JSONWriter.string(for: parsed.value) == #"{"z":1,"a":{"k":2}}"#)
    }

    /// Keys that are canonically equivalent but byte-different are two keys, as in JSON.
    @Test func canonicallyEquivalentKeysAreDistinct() throws {
        let parsed = try JSONParser.parseReportingProblems(Data(#"{"\u00e9": 1, "e\u0301": 2, "\u212a": 3, "K": 4}"#.utf8))
        #expect(parsed.problems.isEmpty)
        #expect(parsed.value.objectValue?.count == 4)
        #expect(parsed.value["e\u{301}"] == 2)
        #expect(parsed.value["K"] == 4)
        #expect(JSONValue.string("\u{E9}") != .string("e\u{301}"))
        #expect(Set<JSONValue>([.string("\u{E9}"), .string("e\u{301}")]).count == 2)
    }

    /// Property: for random objects with repeated keys, lookups, the writer and a second
    /// parse of what it wrote all see the first occurrence, and each repetition is reported.
    @Test(arguments: 1...40)
    func repeatedKeysAlwaysKeepTheFirstOccurrence(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let alphabet = ["a", "b", "endpoint", "method", "\\u00e9", "e\\u0301"]
        var text = "{"
        var first: [String: Int] = [:]
        var repeats = 0
        for index in 0..<Int(random.next() % 12 + 1) {
            let key = alphabet[Int(random.next() % UInt64(alphabet.count))]
            if index > 0 { text += "," }
            text += "\"\(key)\":\(index)"
            if first[key] == nil { first[key] = index } else { repeats += 1 }
        }
        text += "}"
        let parsed = try JSONParser.parseReportingProblems(Data(text.utf8))
        #expect(parsed.problems.count == repeats, "\(text)")
        let rewritten = try JSONParser.parse(JSONWriter.string(for: parsed.value))
        for (key, index) in first {
            let decodedKey = try #require(try JSONParser.parse("\"\(key)\"").stringValue)
            #expect(parsed.value[decodedKey] == .number(Double(index)), "\(text)")
            #expect(rewritten[decodedKey] == .number(Double(index)), "\(text)")
        }
        #expect(rewritten.objectValue?.count == first.count)
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
        ("-", "expected a digit"), ("1e", "exponent"), ("\"\\u12G4\"", "hex digit"),
    ])
    func refusesInvalidDocuments(text: String, reason: String) {
        #expect {
            try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONParseError)?.reason.contains(reason) == true
        }
    }

    @Test func reportsTheOffsetOfTheBadByte() {
        #expect(throws: JSONParseError(offset: 6, problem: .expectedCommaOrBracket, line: 1, column: 7)) {
            try JSONParser.parse("[1, 2 3]")
        }
    }

    /// Where a person finds it: the line, and the column in characters (a scalar of several
    /// bytes is one column), as `catalogue check` says a file's lines.
    @Test func reportsTheLineAndColumnOfTheBadByte() {
        #expect(throws: JSONParseError(offset: 20, problem: .expectedColon, line: 3, column: 7)) {
            try JSONParser.parse("{\"a\": [\n  1,\n  {\"é\",,}]}")
        }
        #expect(JSONParseError(offset: 19, problem: .unexpectedCharacter("x"), line: 3, column: 8).description
            == "invalid JSON at line 3, column 8 (byte 19): unexpected character 'x'")
        // A byte-order mark is no column.
        #expect(throws: JSONParseError(offset: 4, problem: .expectedKey, line: 1, column: 2)) {
            try JSONParser.parse(Data([0xEF, 0xBB, 0xBF]) + Data("{x".utf8))
        }
    }

    /// Valid JSON the tree cannot hold is contained where it sits: the value reads as null,
    /// its siblings stay, and the problem names its path.
    @Test func numbersBeyondDoubleAreContainedAsNull() throws {
        let parsed = try JSONParser.parseReportingProblems(Data(#"{"a": [1, 6e666666], "b": -1e309, "c": 1e-400}"#.utf8))
        #expect(parsed.value["a"] == [1, nil])
        #expect(parsed.value["b"] == .null)
        #expect(parsed.value["c"] == 0)
        #expect(parsed.problems == [JSONProblem(kind: .numberOutOfRange, path: [.key("a"), .index(1)]),
                                    JSONProblem(kind: .numberOutOfRange, path: [.key("b")])])
    }

    @Test func nestingDeeperThanTheLimitIsContainedWithoutRecursion() throws {
        // 100,000 levels inside a member: checked and skipped with an explicit stack.
        let deep = String(repeating: #"[{"k":"#, count: 50_000) + "1" + String(repeating: "}]", count: 50_000)
        let parsed = try JSONParser.parseReportingProblems(Data(#"{"before": 1, "deep": \#(deep), "after": 2}"#.utf8))
        #expect(parsed.value["before"] == 1)
        #expect(parsed.value["after"] == 2)
        let problem = try #require(parsed.problems.first)
        #expect(problem.kind == .nestedTooDeep)
        #expect(parsed.problems.count == 1)
        #expect(problem.path.count == JSONParser.maximumDepth)
        #expect(problem.path.first == .key("deep"))
        let allowed = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(try JSONParser.parseReportingProblems(Data(allowed.utf8)).problems.isEmpty)
    }

    /// An object parses in time linear in its keys: large objects hash their keys rather than
    /// compare each with every earlier one (40,000 keys would take seconds), and a repeat
    /// among them is still found.
    @Test func anObjectWithManyKeysParsesInLinearTime() throws {
        let count = 200_000
        var text = "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        text += ",\"k7\":-1}"
        let parsed = try JSONParser.parseReportingProblems(Data(text.utf8))
        #expect(parsed.value.objectValue?.count == count)
        #expect(parsed.value["k7"] == 7)
        #expect(parsed.problems.map(\.kind) == [.repeatedKey("k7")])
        let merged = try #require(parsed.value.objectValue).merging(JSONObject([("k1", "x"), ("new", 1)]))
        #expect(merged.count == count + 1 && merged["k1"] == "x" && merged["new"] == 1)
    }

    /// Property: strings are read eight bytes at a time up to the first quote, backslash or
    /// control character, wherever it falls in a word: random strings of plain, escaped and
    /// non-ASCII pieces read back exactly, as values and as keys, and a raw control character
    /// at any offset is refused there.
    @Test(arguments: 1...40)
    func stringsReadExactlyWhereverTheirSpecialBytesFall(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let pieces = ["a", "bcdefgh", "\"", "\\", "\n", "\u{1}", "é", "🛒", " ", "/", "\u{7F}", "\u{0}"]
        for _ in 0..<20 {
            let string = (0..<Int(random.next() % 24)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let written = JSONWriter.string(for: .string(string))
            #expect(try JSONParser.parse(written) == .string(string), "\(written)")
            let object = try #require(try JSONParser.parse("{\(written): 1, \"k\": 2}").objectValue)
            #expect(object.keys.first.map { $0.utf8.elementsEqual(string.utf8) } == true)
            #expect(object[string] == 1 && object["k"] == 2)
            let offset = Int(random.next() % UInt64(written.utf8.count - 1)) + 1
            var bytes = Array(written.utf8)
            // Where a raw tab would split an escape (`\n`, `\u0001`) rather than stand alone.
            var insideEscapes = Set<Int>()
            var position = 1
            while position < bytes.count - 1 {
                guard bytes[position] == UInt8(ascii: "\\") else { position += 1; continue }
                let length = bytes[position + 1] == UInt8(ascii: "u") ? 6 : 2
                insideEscapes.formUnion(position + 1..<position + length)
                position += length
            }
            // A raw tab inside the quotes, unless it would split an escape or a scalar.
            if !insideEscapes.contains(offset), bytes[offset] & 0xC0 != 0x80 {
                bytes.insert(0x09, at: offset)
                #expect(throws: JSONParseError.self) { try JSONParser.parse(Data(bytes)) }
                do {
                    _ = try JSONParser.parse(Data(bytes))
                } catch {
                    #expect(error.problem == .controlCharacterInString && error.offset == offset, "\(bytes)")
                }
            }
        }
    }

    /// Property: short ASCII keys are remembered by fingerprint and reused when the same bytes
    /// come again; keys of 1 to 17 bytes, some sharing fingerprints, some differing only in
    /// their last byte, and some at the very end of the input, always read back exactly.
    @Test(arguments: 1...20)
    func repeatedShortKeysReadBackExactly(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &* 31)
        let alphabet = Array("abcz_09".utf8)
        var objects: [[String]] = []
        for _ in 0..<200 {
            let keys = (0..<Int(random.next() % 4) + 1).map { _ in
                String(decoding: (0..<Int(random.next() % 17) + 1).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self)
            }
            var seen = Set<ExactString>()
            objects.append(keys.filter { seen.insert(ExactString($0)).inserted })
        }
        let text = "[" + objects.map { keys in "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + "}" }.joined(separator: ",") + "]"
        let parsed = try #require(try JSONParser.parse(text).arrayValue)
        #expect(parsed.count == objects.count)
        for (value, keys) in zip(parsed, objects) {
            let object = try #require(value.objectValue)
            #expect(object.keys.count == keys.count)
            for (read, written) in zip(object.keys, keys) { #expect(read.utf8.elementsEqual(written.utf8), "\(read) \(written)") }
        }
        // A key that ends where the input does (no sixteen bytes after it).
        let last = try #require(objects.last?.last)
        #expect(try JSONParser.parse("{\"\(last)\":1}")[last] == 1)
    }

    /// Contained problems cost a bound whatever their depth: the first `maximumReportedProblems`
    /// keep their paths and the rest are only counted.
    @Test func containedProblemsAreBoundedWhateverTheirDepth() throws {
        let deep = String(repeating: "[", count: 500) + Array(repeating: "1e400", count: 20_000).joined(separator: ",")
            + String(repeating: "]", count: 500)
        let parsed = try JSONParser.parseReportingProblems(Data("{\"x\": \(deep)}".utf8))
        #expect(parsed.problemCount == 20_000)
        #expect(parsed.problems.count == JSONParser.maximumReportedProblems)
        let page = try decode(page: #"{"sections": [{"widgets": [{"type": "test_text", "data": {"title": "T"}, "tracking": {"x": \#(deep)}}]}]}"#)
        #expect(page.diagnostics.count == JSONParser.maximumReportedProblems + 1)
        #expect(page.diagnostics.last?.message.contains("19900 more") == true)
    }

    @Test func aLeadingByteOrderMarkIsIgnored() throws {
        #expect(try JSONParser.parse(Data([0xEF, 0xBB, 0xBF]) + Data(#"{"a": 1}"#.utf8)) == ["a": 1])
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Data([0xEF, 0xBB]) + Data("1".utf8)) }
    }

    @Test func aLoneSurrogateIsReported() throws {
        let parsed = try JSONParser.parseReportingProblems(Data(#"{"a": "x\ud800", "b": "y\udc00z"}"#.utf8))
        #expect(parsed.value == ["a": "x\u{FFFD}", "b": "y\u{FFFD}z"])
        #expect(parsed.problems == [JSONProblem(kind: .loneSurrogate, path: [.key("a")]), JSONProblem(kind: .loneSurrogate, path: [.key("b")])])
    }

    @Test(arguments: [
        String(repeating: "[", count: 600) + String(repeating: "]", count: 599),
        String(repeating: "[", count: 600) + "1,]" + String(repeating: "]", count: 599),
        String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 599) + "]",
        String(repeating: "[", count: 600) + "tru" + String(repeating: "]", count: 600),
        String(repeating: "[", count: 600) + "{1:2}" + String(repeating: "]", count: 600),
    ])
    func anOverDeepValueMustStillBeJSON(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
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

/// A small seeded generator for property tests (the seed is the test's argument).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
