import Foundation

/// Why bytes are not a JSON document, with where parsing stopped: the byte offset, and the line
/// and column a person finds it at in an editor.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What a document can be wrong by, as data: a tool says it in its reader's language
    /// (`reason` is the English).
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// Something follows the document's one value.
        case contentAfterDocument
        /// The input ends where a value, or a container's rest, should be.
        case endOfInput, endOfInputInObject, endOfInputInArray
        /// A byte no value can start with, printable (`}`) or in hex (`0x01`).
        case unexpectedCharacter(String)
        /// An object member without its key in double quotes, or the colon after it.
        case expectedKey, expectedColon
        /// Letters that are not `true`, `false` or `null`.
        case invalidLiteral
        /// An object's or an array's next member (or its end) is not there.
        case expectedCommaOrBrace, expectedCommaOrBracket
        /// A string with a raw control character, or without its closing quote.
        case controlCharacterInString, unterminatedString
        /// A backslash at the end of the input, or before a letter JSON gives no meaning
        /// (`x`, printable or in hex).
        case unterminatedEscape, invalidEscape(String)
        /// A `\u` escape without its four hexadecimal digits.
        case truncatedUnicodeEscape, invalidHexDigit
        /// A number without its digits (after `-`, `.` or the exponent), or with a leading zero.
        case expectedDigit, expectedDigitAfterPoint, expectedDigitInExponent, leadingZero

        public var description: String {
            switch self {
            case .contentAfterDocument: "unexpected content after the document"
            case .endOfInput: "unexpected end of input"
            case .endOfInputInObject: "unexpected end of input in an object"
            case .endOfInputInArray: "unexpected end of input in an array"
            case .unexpectedCharacter(let character): "unexpected character '\(character)'"
            case .expectedKey: "expected a string key"
            case .expectedColon: "expected ':' after a key"
            case .invalidLiteral: "invalid literal"
            case .expectedCommaOrBrace: "expected ',' or '}' in an object"
            case .expectedCommaOrBracket: "expected ',' or ']' in an array"
            case .controlCharacterInString: "unescaped control character in a string"
            case .unterminatedString: "unterminated string"
            case .unterminatedEscape: "unterminated escape"
            case .invalidEscape(let escape): "invalid escape '\\\(escape)'"
            case .truncatedUnicodeEscape: "truncated \\u escape"
            case .invalidHexDigit: "invalid hex digit in \\u escape"
            case .expectedDigit: "expected a digit"
            case .expectedDigitAfterPoint: "expected a digit after '.'"
            case .expectedDigitInExponent: "expected a digit in an exponent"
            case .leadingZero: "leading zero in a number"
            }
        }
    }

    /// Byte offset of the offending input.
    public var offset: Int
    /// What was wrong there.
    public var problem: Problem
    /// The line of `offset`, from 1 (lines end at line feeds).
    public var line: Int
    /// The column of `offset` in its line, from 1, in Unicode scalars.
    public var column: Int

    public init(offset: Int, problem: Problem, line: Int = 1, column: Int? = nil) {
        self.offset = offset
        self.problem = problem
        self.line = line
        self.column = column ?? offset + 1
    }

    /// What was wrong there, in English.
    public var reason: String { problem.description }

    public var description: String { "invalid JSON at line \(line), column \(column) (byte \(offset)): \(reason)" }
}

/// Something valid JSON held that this tree cannot: contained where it sits, not fatal.
public struct JSONProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// An object repeated a key; the first occurrence is kept, this one dropped.
        case repeatedKey(String)
        /// A number beyond `Double`'s range (`1e400`); it reads as `null`.
        case numberOutOfRange
        /// A value nested deeper than `JSONParser.maximumDepth`; it reads as `null`.
        case nestedTooDeep
        /// A `\u` escape of a lone surrogate, which no Unicode string can hold (RFC 7493 forbids
        /// it); it reads as U+FFFD, so two such strings may read alike.
        case loneSurrogate
    }

    public var kind: Kind
    /// Where the problem sits: the object that repeats a key, or the value replaced by `null`.
    public var path: [CodingPath.Component]

    public var description: String {
        switch kind {
        case .repeatedKey(let key): "repeated key '\(key)': the first is kept, the later one ignored"
        case .numberOutOfRange: "a number beyond the range of a double, read as null"
        case .nestedTooDeep: "a value nested deeper than \(JSONParser.maximumDepth) levels, read as null"
        case .loneSurrogate: "a lone surrogate escape, read as U+FFFD"
        }
    }
}

/// A parsed document and what it held that the tree could not keep.
public struct ParsedJSON: Sendable {
    public var value: JSONValue
    /// Repeated keys, out-of-range numbers, over-deep values and lone surrogates, in document
    /// order: the first `JSONParser.maximumReportedProblems` of them.
    public var problems: [JSONProblem]
    /// How many problems the document held in all (`problems` keeps only the first ones).
    public var problemCount: Int
}

/// A strict RFC 8259 parser from UTF-8 bytes to `JSONValue`.
///
/// Written here, not borrowed from `JSONSerialization`, because the page decoder walks its
/// result directly (see `JSONValue`), and because it must refuse hostile input cheaply: the
/// first bad byte ends the parse of a 50 MB file of garbage. Invalid UTF-8 inside strings is
/// repaired to U+FFFD rather than refused, as `String(decoding:)` does.
///
/// Valid JSON that the tree cannot hold is contained where it sits, so that one element never
/// costs its document (CONTRACT §1): a number beyond `Double`'s range and a value nested
/// deeper than `maximumDepth` read as `null` (the over-deep value is checked and skipped
/// without recursion, so "[[[[…" never exhausts the stack), and a repeated object key keeps
/// its first occurrence. Each is a `JSONProblem`; `parseReportingProblems` returns them with
/// their paths, found by a second pass that runs only when the first met a problem, so the
/// common case pays nothing for paths.
public struct JSONParser {
    /// Deepest nesting of arrays and objects kept; a deeper value reads as `null`.
    public static let maximumDepth = 512

    /// The most problems reported with their paths; the rest are only counted. Each path can
    /// be `maximumDepth` steps long, so this bounds what a hostile document costs.
    public static let maximumReportedProblems = 100

    /// Parses one document; whitespace may surround it, nothing else may follow it.
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        try run(data, tracksPaths: false).value
    }

    /// Parses one document held in a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Data(text.utf8))
    }

    /// Parses one document and reports, with its path, everything contained on the way (the
    /// first `maximumReportedProblems`, and how many in all).
    public static func parseReportingProblems(_ data: Data) throws(JSONParseError) -> ParsedJSON {
        let first = try run(data, tracksPaths: false)
        guard first.problemCount > 0 else { return ParsedJSON(value: first.value, problems: [], problemCount: 0) }
        let second = try run(data, tracksPaths: true)
        return ParsedJSON(value: second.value, problems: second.problems, problemCount: second.problemCount)
    }

    private static func run(_ data: Data, tracksPaths: Bool) throws(JSONParseError)
        -> (value: JSONValue, problemCount: Int, problems: [JSONProblem])
    {
        let result: Result<(JSONValue, Int, [JSONProblem]), JSONParseError> = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw, tracksPaths: tracksPaths)
            do throws(JSONParseError) {
                let value = try parser.parseDocument()
                return .success((value, parser.problemCount, parser.problems))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var depth = 0
    private var scratch: [UInt8] = []
    /// The last short ASCII key read with each fingerprint, so that a key a document repeats
    /// (every widget has a `type`) is made a `String` once, not once per object.
    private var recentKeys = [RecentKey](repeating: RecentKey(), count: 128)
    /// How many things were contained; the first pass only counts them.
    private var problemCount = 0
    /// The second pass keeps the path of the value being parsed, and the problems found.
    private let tracksPaths: Bool
    private var path: [CodingPath.Component] = []
    private var problems: [JSONProblem] = []

    private init(bytes: UnsafeRawBufferPointer, tracksPaths: Bool) {
        self.bytes = bytes
        self.tracksPaths = tracksPaths
    }

    private mutating func contain(_ kind: JSONProblem.Kind) {
        problemCount += 1
        guard tracksPaths, problems.count < Self.maximumReportedProblems else { return }
        problems.append(JSONProblem(kind: kind, path: path))
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        // RFC 8259 §8.1: a parser may ignore a leading byte order mark; editors write one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error(.contentAfterDocument) }
        return value
    }

    private func error(_ problem: JSONParseError.Problem) -> JSONParseError {
        // Counted only when a document fails: the line and the scalars since its start.
        var line = 1, column = 1
        // A byte-order mark is no column of the first line.
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        for byte in bytes[min(start, index)..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(offset: index, problem: problem, line: line, column: column)
    }

    @inline(__always) private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error(.endOfInput) }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else {
                try skipContainer()
                contain(.nestedTooDeep)
                return .null
            }
            return bytes[index] == UInt8(ascii: "{") ? try parseObject() : try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try parseNumber()
            // JSON has no infinity: a literal beyond Double's range is contained, not rounded to ±inf.
            guard number.isFinite else {
                contain(.numberOutOfRange)
                return .null
            }
            return .number(number)
        default: throw error(.unexpectedCharacter(printable(bytes[index])))
        }
    }

    /// Checks and skips the array or object at `index` without recursion: an explicit stack
    /// of open containers, one byte each, so any depth costs memory in proportion to the
    /// input and never stack. The skipped value must still be valid JSON.
    private mutating func skipContainer() throws(JSONParseError) {
        enum Expecting { case value, keyOrClose, key, valueOrClose, separatorOrClose }
        var openObjects: [Bool] = []  // true for an object, false for an array
        var expecting = Expecting.value
        while true {
            if expecting == .separatorOrClose, openObjects.isEmpty { return }
            skipWhitespace()
            guard index < bytes.count else { throw error(.endOfInput) }
            let byte = bytes[index]
            switch expecting {
            case .value:
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    openObjects.append(byte == UInt8(ascii: "{"))
                    index += 1
                    expecting = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                } else {
                    try skipScalar()
                    expecting = .separatorOrClose
                }
            case .keyOrClose, .valueOrClose:
                let close = expecting == .keyOrClose ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if byte == close {
                    index += 1
                    openObjects.removeLast()
                    expecting = .separatorOrClose
                } else {
                    expecting = expecting == .keyOrClose ? .key : .value
                }
            case .key:
                guard byte == UInt8(ascii: "\"") else { throw error(.expectedKey) }
                _ = try parseString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error(.expectedColon) }
                index += 1
                expecting = .value
            case .separatorOrClose:
                let inObject = openObjects[openObjects.count - 1]
                index += 1
                if byte == UInt8(ascii: ",") {
                    expecting = inObject ? .key : .value
                } else if byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    openObjects.removeLast()
                } else {
                    index -= 1
                    throw error(inObject ? .expectedCommaOrBrace : .expectedCommaOrBracket)
                }
            }
        }
    }

    /// Checks and skips a string, number or literal.
    private mutating func skipScalar() throws(JSONParseError) {
        switch bytes[index] {
        case UInt8(ascii: "\""): _ = try parseString()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber()
        default: throw error(.unexpectedCharacter(printable(bytes[index])))
        }
    }

    private func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "0x%02X", byte)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error(.endOfInput) }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] {
            throw error(.invalidLiteral)
        }
        index += count
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        depth += 1
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject())
        }
        // Payload objects are small: one right-sized allocation instead of growing 1, 2, 4, 8.
        var members: [JSONObject.Member] = []
        members.reserveCapacity(8)
        // Built as the keys are read: it finds repeats here, and keys for the object's readers.
        var keyIndex = JSONKeyIndex.empty
        while true {
            guard index < bytes.count else { throw error(.endOfInputInObject) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error(.expectedKey) }
            let (key, fingerprint) = try parseKey()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error(.expectedColon) }
            index += 1
            skipWhitespace()
            if tracksPaths { path.append(.key(key)) }
            let value = try parseValue()
            if tracksPaths { path.removeLast() }
            // Keys compare by their scalars (bytes); the first occurrence wins, so every reader
            // of this tree, and every writer of it, sees one value per key. The index checks a
            // key in constant time, however large the object.
            if keyIndex.insert(key, fingerprint: fingerprint, at: members.count, in: members) {
                members.append((key: key, value: value))
            } else {
                contain(.repeatedKey(key))
            }
            skipWhitespace()
            guard index < bytes.count else { throw error(.endOfInputInObject) }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                continue
            }
            if byte == UInt8(ascii: "}") { break }
            index -= 1
            throw error(.expectedCommaOrBrace)
        }
        depth -= 1
        return .object(JSONObject(uniqueMembers: members, keyIndex: keyIndex))
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        depth += 1
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array([])
        }
        var elements: [JSONValue] = []
        elements.reserveCapacity(4)
        while true {
            if tracksPaths { path.append(.index(elements.count)) }
            elements.append(try parseValue())
            if tracksPaths { path.removeLast() }
            skipWhitespace()
            guard index < bytes.count else { throw error(.endOfInputInArray) }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ",") {
                skipWhitespace()
                continue
            }
            if byte == UInt8(ascii: "]") { break }
            index -= 1
            throw error(.expectedCommaOrBracket)
        }
        depth -= 1
        return .array(elements)
    }

    /// Parses a string starting at its opening quote. The common case, no escapes, becomes a
    /// `String` straight from the input bytes; escapes go through a reused scratch buffer.
    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        _ = skipPlainBytes()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return String(decoding: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
            if byte < 0x20 { throw error(.controlCharacterInString) }
            index += 1
        }
        throw error(.unterminatedString)
    }

    /// Parses an object's key starting at its opening quote, with its fingerprint for the
    /// object's `JSONKeyIndex`, taken from the bytes it is made of.
    private mutating func parseKey() throws(JSONParseError) -> (key: String, fingerprint: UInt8) {
        index += 1
        let start = index
        var allBytes: UInt8 = skipPlainBytes()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                guard allBytes < 0x80 else {
                    // Bytes that are not ASCII may have been repaired: the fingerprint must be
                    // the key's own.
                    let key = String(decoding: slice, as: UTF8.self)
                    return (key, JSONKeyIndex.fingerprint(of: key))
                }
                // ASCII is valid UTF-8: the key has the input's bytes.
                let fingerprint = JSONKeyIndex.fingerprint(of: slice)
                return (recentKey(slice, fingerprint: fingerprint), fingerprint)
            }
            allBytes |= byte
            if byte == UInt8(ascii: "\\") {
                let key = try parseEscapedString(from: start)
                return (key, JSONKeyIndex.fingerprint(of: key))
            }
            if byte < 0x20 { throw error(.controlCharacterInString) }
            index += 1
        }
        throw error(.unterminatedString)
    }

    /// The ASCII key `slice` as a `String`: the one made for the same bytes before, when the
    /// last key read with its fingerprint had them, otherwise a new one, remembered.
    private mutating func recentKey(_ slice: UnsafeRawBufferPointer, fingerprint: UInt8) -> String {
        let count = slice.count
        // Keys of up to sixteen bytes, read as two words (the input goes on past the key: at
        // least its closing quote, and sixteen bytes are read only when there).
        guard count <= 16, let base = slice.baseAddress, base + 16 <= bytes.baseAddress! + bytes.count else {
            return String(decoding: slice, as: UTF8.self)
        }
        let low = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self)) & Self.lowBytes(count)
        let high = count > 8 ? UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & Self.lowBytes(count - 8) : 0
        let slot = Int(fingerprint & 0x7F)
        let recent = recentKeys[slot]
        if recent.count == count, recent.low == low, recent.high == high { return recent.key }
        let key = String(decoding: slice, as: UTF8.self)
        recentKeys[slot] = RecentKey(count: count, low: low, high: high, key: key)
        return key
    }

    /// A mask of the first `count` bytes of a word (all of them from eight on).
    @inline(__always) private static func lowBytes(_ count: Int) -> UInt64 {
        count >= 8 ? ~0 : (1 << (8 * UInt64(count))) &- 1
    }

    /// A key `recentKey` made, with its bytes (zero past `count`) for comparing.
    private struct RecentKey {
        var count = -1
        var low: UInt64 = 0
        var high: UInt64 = 0
        var key = ""
    }

    /// Moves `index` past the bytes of a string that need no attention (neither a quote, a
    /// backslash nor a control character), eight at a time, to the first one that does, or
    /// to within eight bytes of the end; the caller goes on byte by byte from there. Returns
    /// the OR of the bytes passed, whose high bit says whether any of them was not ASCII.
    @inline(__always) private mutating func skipPlainBytes() -> UInt8 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var passed: UInt64 = 0
        while index + 8 <= bytes.count {
            // Byte `i` of the input is lane `i` of the word, whatever the machine.
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            // Each term sets the high bit of the lowest lane that is a quote, a backslash or
            // below 0x20 (and of none below it; lanes above it may be set by the borrow).
            let special = (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word)) & highs
            if special != 0 {
                let lanes = special.trailingZeroBitCount >> 3
                passed |= word & ((1 << (8 * UInt64(lanes))) &- 1)
                index += lanes
                break
            }
            passed |= word
            index += 8
        }
        return passed & highs == 0 ? 0 : 0x80
    }

    private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error(.unterminatedEscape) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scratch.append(0x22)
                case UInt8(ascii: "\\"): scratch.append(0x5C)
                case UInt8(ascii: "/"): scratch.append(0x2F)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape()
                default:
                    index -= 1
                    throw error(.invalidEscape(printable(escape)))
                }
            default:
                if byte < 0x20 { throw error(.controlCharacterInString) }
                scratch.append(byte)
                index += 1
            }
        }
        throw error(.unterminatedString)
    }

    private mutating func readHexQuad() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error(.truncatedUnicodeEscape) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidHexDigit)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Appends the UTF-8 of one `\uXXXX` escape, joining surrogate pairs; a lone surrogate
    /// becomes U+FFFD, as invalid UTF-8 does.
    private mutating func appendUnicodeEscape() throws(JSONParseError) {
        var scalarValue = try readHexQuad()
        if (0xD800...0xDBFF).contains(scalarValue) {
            if index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let saved = index
                index += 2
                let low = try readHexQuad()
                if (0xDC00...0xDFFF).contains(low) {
                    scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = saved
                    scalarValue = 0xFFFD
                    contain(.loneSurrogate)
                }
            } else {
                scalarValue = 0xFFFD
                contain(.loneSurrogate)
            }
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            scalarValue = 0xFFFD
            contain(.loneSurrogate)
        }
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        scratch.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [0xEF, 0xBF, 0xBD])
    }

    /// Parses a number per RFC 8259's grammar. Up to 15 significant digits and a decimal
    /// exponent within ±22 convert exactly with one multiply or divide (Clinger's fast path);
    /// anything longer goes through `strtod` for correct rounding.
    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error(.expectedDigit) }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error(.leadingZero) }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                    if mantissa != 0 { significantDigits += 1 }
                } else {
                    exponent += 1
                    significantDigits += 1
                }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error(.expectedDigitAfterPoint) }
            while index < bytes.count, isDigit(bytes[index]) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                    exponent -= 1
                    if mantissa != 0 { significantDigits += 1 }
                } else {
                    significantDigits += 1
                }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error(.expectedDigitInExponent) }
            var explicit = 0
            while index < bytes.count, isDigit(bytes[index]) {
                if explicit < 100_000 { explicit = explicit * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                index += 1
            }
            exponent += exponentNegative ? -explicit : explicit
        }
        if significantDigits <= 15, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 {
                value /= Self.powersOfTen[-exponent]
            } else if exponent > 0 {
                value *= Self.powersOfTen[exponent]
            }
            return negative ? -value : value
        }
        // Beyond Double's range this is ±inf; the caller contains it.
        return slowNumber(from: start)
    }

    private func slowNumber(from start: Int) -> Double {
        var text = [CChar](repeating: 0, count: index - start + 1)
        for offset in 0..<(index - start) {
            text[offset] = CChar(bitPattern: bytes[start + offset])
        }
        return text.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
