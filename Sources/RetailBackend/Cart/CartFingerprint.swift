import FlowCore
import Foundation

/// What an idempotent cart request means, as a hash: the same key with the same meaning
/// replays the first answer, with another meaning it is a 422.
///
/// A body is compared by the JSON it holds, not by its bytes: parsed, then written in a
/// canonical form (object members in key byte order, numbers by value, strings by their
/// UTF-8 bytes), so other whitespace, member order or `1.0` for `1` is the same request, while
/// "é" as one code point or as e plus an accent is not. A body that is not JSON counts by
/// its bytes. `parsed` is the body's value when the caller has read it already (a body
/// `RequestBody.object` accepted, which `JSONParser.parse` reads the same), so that a body is
/// parsed once. The locale is part of it because it changes the answer. Defaults count as
/// written: an add without `quantity` (or with `null`) means `quantity: 1`, and a `null`
/// `position` is none.
enum CartFingerprint {
    static func add(body: Data, parsed: JSONValue? = nil, locale: StoreLocale) -> UInt64 {
        var bytes = Array("add \(locale.rawValue) ".utf8)
        if var value = parsed ?? (try? JSONParser.parse(body)) {
            if case .object(var members) = value {
                if members["quantity"] == nil || members["quantity"] == .null { members["quantity"] = .number(1) }
                if members["position"] == .null { members["position"] = nil }
                value = .object(members)
            }
            bytes.append(UInt8(ascii: "j"))
            appendCanonical(value, to: &bytes)
        } else {
            bytes.append(UInt8(ascii: "r"))
            bytes.append(contentsOf: body)
        }
        return StableHash.fnv1a64(bytes: bytes)
    }

    /// A quantity set: the product in the path and the body's JSON, canonically.
    static func set(productID: String, body: Data, parsed: JSONValue? = nil, locale: StoreLocale) -> UInt64 {
        var bytes = Array("set \(locale.rawValue) ".utf8)
        appendCanonical(.string(productID), to: &bytes)
        if let value = parsed ?? (try? JSONParser.parse(body)) {
            bytes.append(UInt8(ascii: "j"))
            appendCanonical(value, to: &bytes)
        } else {
            bytes.append(UInt8(ascii: "r"))
            bytes.append(contentsOf: body)
        }
        return StableHash.fnv1a64(bytes: bytes)
    }

    static func remove(productID: String, locale: StoreLocale) -> UInt64 {
        StableHash.fnv1a64(bytes: Array("remove \(locale.rawValue) ".utf8) + Array(productID.utf8))
    }

    /// A tag per kind, and a length before every string and container, so that no two
    /// different values write the same bytes.
    static func appendCanonical(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(UInt8(ascii: "n"))
        case .bool(let flag): bytes.append(UInt8(ascii: flag ? "t" : "f"))
        case .number(let number):
            bytes.append(UInt8(ascii: "d"))
            appendLength(Int(truncatingIfNeeded: (number == 0 ? 0 : number).bitPattern), to: &bytes)
        case .string(let text):
            bytes.append(UInt8(ascii: "s"))
            appendLength(text.utf8.count, to: &bytes)
            bytes.append(contentsOf: text.utf8)
        case .array(let elements):
            bytes.append(UInt8(ascii: "a"))
            appendLength(elements.count, to: &bytes)
            for element in elements { appendCanonical(element, to: &bytes) }
        case .object(let object):
            bytes.append(UInt8(ascii: "o"))
            let members = Array(object).map { (key: ExactText($0.key), value: $0.value) }
            appendLength(members.count, to: &bytes)
            // Stable, so repeated keys keep their order (the first one is the one read).
            for member in members.enumerated().sorted(by: { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }) {
                appendLength(member.element.key.bytes.count, to: &bytes)
                bytes.append(contentsOf: member.element.key.bytes)
                appendCanonical(member.element.value, to: &bytes)
            }
        }
    }

    private static func appendLength(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: UInt64(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) }
    }
}
