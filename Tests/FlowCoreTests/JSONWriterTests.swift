import FlowCore
import Testing

/// The writer's bytes: escaping that keeps output valid JSON and safe on a terminal, numbers in
/// their shortest form, and the streaming form, which writes what the tree form writes.
@Suite struct JSONWriterTests {
    /// The escaping rule, written plainly scalar by scalar: `"`, `\`, LF, CR and TAB by their
    /// short escapes; C0, DEL, the C1 controls and the bidirectional overrides and isolates as
    /// `\uXXXX`; every other scalar as its UTF-8.
    static func escapedByRule(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.utf8.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Pieces that sit at every edge of the rule: each ASCII byte, the C1 range and its
    /// neighbours, the three-byte scalars that share the overrides' lead byte, and longer ones.
    static let pieces: [String] = {
        var pieces = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        for value: UInt32 in [0x7F, 0x80, 0x9B, 0x9F, 0xA0, 0xE9, 0x2029, 0x2028, 0x2020, 0x20AC, 0x2029, 0x202A, 0x202E, 0x202F,
                              0x2065, 0x2066, 0x2069, 0x206A, 0x200B, 0x0301, 0xFEFF, 0x1F600, 0x10FFFF] {
            pieces.append(String(UnicodeScalar(value)!))
        }
        pieces += ["e\u{301}", "plain words", "Größe 42 € ✓", ""]
        return pieces
    }()

    @Test func everyPieceAloneAndEveryPairIsEscapedByTheRule() {
        var mismatches: [String] = []
        for first in Self.pieces {
            for second in Self.pieces {
                let string = first + second
                let written = JSONWriter.string(for: .string(string))
                if written.utf8.elementsEqual(Self.escapedByRule(string).utf8) == false { mismatches.append(string.debugDescription) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func aLongStringWithEscapesBetweenRunsIsEscapedByTheRule() {
        let string = String(repeating: "Winter coat \u{1B}[31m \"quoted\" \u{202E}evil\u{2069} \u{9B}2J €", count: 200)
        #expect(JSONWriter.string(for: .string(string)).utf8.elementsEqual(Self.escapedByRule(string).utf8))
    }

    @Test func integralNumbersAreWrittenAsIntegersAndOthersShortest() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (7, "7"), (-7, "-7"), (10, "10"), (99, "99"), (100, "100"),
            (999_999_999_999_999, "999999999999999"), (-999_999_999_999_999, "-999999999999999"),
            (1e15, "1000000000000000.0"), (89.99, "89.99"), (0.1, "0.1"), (-2.5, "-2.5"), (.infinity, "null"), (.nan, "null"),
        ]
        for (number, text) in cases {
            #expect(JSONWriter.string(for: .number(number)) == text, "\(number)")
        }
    }

    @Test func theStreamingFormWritesWhatTheTreeFormWrites() {
        let tree: JSONValue = .object(JSONObject([
            (key: "cart_id", value: .string("cart-1")),
            (key: "items", value: .array([
                .object(JSONObject([(key: "title", value: .string("Mantel \"Nord\"\n")), (key: "quantity", value: .number(3))])),
                .object(JSONObject([])),
                .array([]),
            ])),
            (key: "empty", value: .array([])),
            (key: "subtotal", value: .object(JSONObject([(key: "amount", value: .number(89.99)), (key: "currency", value: .string("EUR"))]))),
            (key: "done", value: .bool(true)),
        ]))
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("cart_id")
        writer.value(string: "cart-1")
        writer.key("items")
        writer.beginArray()
        writer.beginObject()
        writer.key("title")
        writer.value(string: "Mantel \"Nord\"\n")
        writer.key("quantity")
        writer.value(integer: 3)
        writer.endObject()
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.endArray()
        writer.key("empty")
        writer.beginArray()
        writer.endArray()
        writer.key("subtotal")
        writer.value(JSONValue.object(JSONObject([(key: "amount", value: .number(89.99)), (key: "currency", value: .string("EUR"))])))
        writer.key("done")
        writer.value(.bool(true))
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == JSONWriter.string(for: tree))
    }
}

extension JSONWriterTests {
    /// An amount in hundredths is written byte for byte as `Double(hundredths) / 100` is, in
    /// an array (so the separators are checked too): every amount up to ±1,000.00, a spread
    /// of 200,000 up to ±1,000,000,000.00, and the edges where the writer hands over to the
    /// `Double`.
    @Test func hundredthsAreWrittenAsTheirDoubleIs() {
        let edges = [0, 1, -1, 9, 10, 99, 100, 101, 110, 1_000_000_000_000 - 1, 1_000_000_000_000, -1_000_000_000_000 + 1,
                     -1_000_000_000_000, 123_456_789_012_345, Int.max, Int.min, Int.min + 1]
        let spread = Array(stride(from: -100_000_000_000, through: 100_000_000_000, by: 999_983))
        for batch in [Array(-100_000...100_000), spread, edges] {
            var digits = JSONWriter()
            var doubles = JSONWriter()
            digits.beginArray()
            doubles.beginArray()
            for hundredths in batch {
                digits.value(hundredths: hundredths)
                doubles.value(number: Double(hundredths) / 100)
            }
            digits.endArray()
            doubles.endArray()
            #expect(digits.bytes == doubles.bytes, "from \(batch.first ?? 0)")
        }
    }
}
