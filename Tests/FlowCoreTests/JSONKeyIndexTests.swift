import Foundation
import Testing
@testable import FlowCore

/// `JSONKeyIndex`: how a `JSONObject` finds a key without scanning its members, and that it
/// always agrees with comparing every key's UTF-8 bytes.
@Suite struct JSONKeyIndexTests {
    /// The member a scan of the keys' bytes finds: what the index must agree with.
    private func scanned(_ key: String, in object: JSONObject) -> JSONValue? {
        object.first { $0.key.utf8.elementsEqual(key.utf8) }?.value
    }

    private func object(_ text: String) throws -> JSONObject {
        try #require(try JSONParser.parse(text).objectValue)
    }

    @Test func anEmptyObjectHasNoKey() throws {
        for empty in [JSONObject(), try object("{}"), JSONObject(uniqueMembers: [])] {
            #expect(empty[""] == nil)
            #expect(empty["a"] == nil)
        }
    }

    /// Keys that share a fingerprint are both found, each with its own value, and a third key
    /// with the same fingerprint is not found: the fingerprint only picks candidates.
    @Test func keysSharingAFingerprintAreToldApartByTheirBytes() throws {
        var byFingerprint: [UInt8: [String]] = [:]
        for number in 0..<2_000 { byFingerprint[JSONKeyIndex.fingerprint(of: "key\(number)"), default: []].append("key\(number)") }
        let colliding = try #require(byFingerprint.values.first { $0.count >= 3 })
        let members: [JSONObject.Member] = [("a", 0), (colliding[0], 1), ("b", 2), (colliding[1], 3)]
        let object = JSONObject(members)
        #expect(object[colliding[0]] == 1)
        #expect(object[colliding[1]] == 3)
        #expect(object[colliding[2]] == nil)
        let parsed = try self.object(#"{"a": 0, "\#(colliding[0])": 1, "b": 2, "\#(colliding[1])": 3}"#)
        #expect(parsed == object && parsed[colliding[1]] == 3 && parsed[colliding[2]] == nil)
    }

    /// A repeated key keeps its first occurrence, whether the object is small (one word of
    /// fingerprints) or large (a dictionary), and whether the repeat is of a key read before
    /// or after the index changed form.
    @Test(arguments: [3, 8, 9, 40])
    func aRepeatedKeyKeepsItsFirstOccurrence(size: Int) throws {
        let keys = (0..<size).map { "k\($0)" }
        let first = keys.enumerated().map { "\"\($1)\": \($0)" }
        let repeats = [keys[0], keys[size - 1], keys[size / 2]].map { "\"\($0)\": -1" }
        let parsed = try JSONParser.parseReportingProblems(Data(("{" + (first + repeats).joined(separator: ",") + "}").utf8))
        let object = try #require(parsed.value.objectValue)
        #expect(object.count == size)
        for (position, key) in keys.enumerated() { #expect(object[key] == .number(Double(position))) }
        #expect(parsed.problems.count == 3)
        let built = JSONObject(keys.enumerated().map { (key: $1, value: .number(Double($0))) } + [(keys[size - 1], -1), (keys[0], -1)])
        #expect(built == object)
    }

    @Test(arguments: [9, 1_000, 50_000])
    func everyKeyOfALargeObjectIsFound(size: Int) throws {
        let text = "{" + (0..<size).map { "\"key \($0)\": \($0)" }.joined(separator: ",") + "}"
        let object = try object(text)
        for number in stride(from: 0, to: size, by: max(1, size / 500)) { #expect(object["key \(number)"] == .number(Double(number))) }
        #expect(object["key \(size)"] == nil)
        #expect(object["key"] == nil)
    }

    /// Keys with NUL bytes, non-ASCII text, escapes and input that is not UTF-8 (repaired to
    /// U+FFFD) are found by their bytes, as the parser made them.
    @Test func keysWithNULAndNonASCIIBytesAreFoundByTheirBytes() throws {
        var bytes = Array(#"{"\u0000": 1, "a\u0000b": 2, "é": 3, "ü🛒": 4, "tab\there": 5, ""#.utf8)
        bytes += [0x66, 0xFF, 0x6F, 0x6F] + Array(#"": 6, "": 7}"#.utf8)
        let object = try #require(try JSONParser.parse(Data(bytes)).objectValue)
        #expect(object["\u{0}"] == 1)
        #expect(object["a\u{0}b"] == 2)
        #expect(object["a"] == nil && object["ab"] == nil)
        #expect(object["é"] == 3)
        #expect(object["ü🛒"] == 4)
        #expect(object["tab\there"] == 5)
        #expect(object["f\u{FFFD}oo"] == 6)
        #expect(object[""] == 7)
    }

    /// Canonically equivalent keys with different bytes never match, in a small object or a
    /// large one: `"é"` (U+00E9) is not `"e\u{301}"`, the Kelvin sign is not `K`.
    @Test(arguments: [0, 20])
    func canonicallyEquivalentKeysDoNotMatch(padding: Int) throws {
        let filler = (0..<padding).map { "\"pad\($0)\": 0," }.joined()
        let object = try object("{\(filler) \"\u{E9}\": 1, \"\u{212A}\": 2}")
        #expect(object["\u{E9}"] == 1)
        #expect(object["e\u{301}"] == nil)
        #expect(object["\u{212A}"] == 2)
        #expect(object["K"] == nil)
        var built = JSONObject([("e\u{301}", 1)])
        built["\u{E9}"] = 2
        #expect(built.count == 2 && built["e\u{301}"] == 1 && built["\u{E9}"] == 2)
    }

    /// Setting, replacing and removing members keeps the index true, across the size at
    /// which it changes form, in both directions.
    @Test func changingMembersKeepsTheIndexTrue() {
        var object = JSONObject()
        for number in 0..<20 { object["m\(number)"] = .number(Double(number)) }
        object["m3"] = "three"
        for number in stride(from: 19, through: 5, by: -2) { object["m\(number)"] = nil }
        object["m0"] = nil
        object["late"] = true
        let expected: [String: JSONValue] = Dictionary(uniqueKeysWithValues: [1, 2, 4, 6, 8, 10, 12, 14, 16, 18].map { ("m\($0)", .number(Double($0))) })
            .merging(["m3": "three", "late": true]) { $1 }
        #expect(object.count == expected.count)
        for (key, value) in expected { #expect(object[key] == value, "\(key)") }
        for key in ["m0", "m5", "m19", "m20"] { #expect(object[key] == nil) }
        #expect(object.keys == ["m1", "m2", "m3", "m4", "m6", "m8", "m10", "m12", "m14", "m16", "m18", "late"])
    }

    /// Property: on random objects of random keys (short and long, some sharing bytes), the
    /// index answers every lookup as a scan of the keys' bytes does.
    @Test(arguments: 1...30)
    func lookupsAgreeWithAScanOfTheKeys(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let pieces = ["a", "b", "id", "é", "e\u{301}", "\u{0}", "title", "_", "🛒", "x"]
        func randomKey() -> String { (0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined() }
        let members = (0..<Int(random.next() % 24)).map { number in (key: randomKey(), value: JSONValue.number(Double(number))) }
        let object = JSONObject(members)
        let parsed = try self.object(JSONWriter.string(for: .object(object)))
        #expect(parsed == object)
        for _ in 0..<60 {
            let key = randomKey()
            #expect(object[key] == scanned(key, in: object), "\(key.unicodeScalars.map(\.value))")
            #expect(parsed[key] == scanned(key, in: object))
        }
    }

    /// The lane match finds exactly the lanes equal to the fingerprint.
    @Test(arguments: 1...20)
    func laneMatchFindsExactlyTheEqualLanes(seed: Int) {
        var random = SplitMix(seed: UInt64(seed) &* 7_919)
        for _ in 0..<200 {
            let lanes = (0..<8).map { _ in random.next() % 3 == 0 ? UInt8(0) : UInt8(truncatingIfNeeded: random.next() % 4) | 0x80 }
            let word = lanes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let fingerprint = UInt8(truncatingIfNeeded: random.next() % 4) | 0x80
            let expected = lanes.enumerated().reduce(UInt64(0)) { $1.element == fingerprint ? $0 | 0x80 << (8 * UInt64($1.offset)) : $0 }
            #expect(JSONKeyIndex.lanes(of: word, equalTo: fingerprint) == expected)
        }
    }
}
