import FlowCore
import Foundation
import HTTPServer

/// Reads one catalogue file's JSON into model values, reporting every problem at its line
/// (`JSONLocation`) instead of stopping at the first, so one `check` shows a file's mistakes
/// together.
///
/// The rules are `docs/schema/catalogue.schema.json`'s: objects take only the keys they
/// document (a misspelt `"titel"` is an error, not a key silently ignored), ids are 1 to 64
/// bytes of `A-Z a-z 0-9 . _ -`, texts at most `maxTextBytes`.
struct CatalogueFileReader {
    typealias Path = [CodingPath.Component]

    static let maxTextBytes = 2_000
    /// Problems kept per file; the rest are counted in one more.
    static let maxProblems = 100

    let file: String
    let bytes: [UInt8]
    private(set) var problems: [CatalogueProblem] = []
    private var dropped = 0

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    /// The problems, the count of those left out included.
    var report: [CatalogueProblem] {
        guard dropped > 0 else { return problems }
        return problems + [CatalogueProblem(file: file, line: nil, severity: .error, message: "and \(dropped) more problems")]
    }

    var hasErrors: Bool { problems.contains(where: \.isError) }

    mutating func error(_ message: String, at path: Path) {
        add(message, at: path, severity: .error)
    }

    mutating func warning(_ message: String, at path: Path) {
        add(message, at: path, severity: .warning)
    }

    private mutating func add(_ message: String, at path: Path, severity: CatalogueProblem.Severity) {
        guard problems.count < Self.maxProblems else {
            dropped += 1
            return
        }
        problems.append(CatalogueProblem(file: file, line: JSONLocation.line(of: path, in: bytes), severity: severity, message: message))
    }

    /// `value` quoted for a message, clipped.
    static func quoted(_ value: String) -> String {
        "'\(value.clipped(toUTF8Bytes: 80))'"
    }

    static func describe(_ path: Path) -> String {
        path.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }.joined(separator: ".")
    }

    // MARK: Shapes

    /// The object at `path` holding only `keys`; an error and `nil` when it is not an object.
    /// A key of `formerKeys` (one an earlier version of the catalogue took) is an error that
    /// says how to upgrade.
    mutating func object(_ value: JSONValue?, at path: Path, keys: [String], formerKeys: [String] = []) -> JSONObject? {
        guard let value else { return nil }
        guard case .object(let object) = value else {
            error("\(Self.describe(path).isEmpty ? "the file" : Self.describe(path)) must be an object", at: path)
            return nil
        }
        for member in object where !keys.contains(where: { $0.isByteEqual(to: member.key) }) {
            if formerKeys.contains(where: { $0.isByteEqual(to: member.key) }) {
                error("\(Self.quoted(member.key)) generated products by their place in a list, which changed what carts hold when "
                      + "the list changed: products are listed in \(CatalogueDirectory.productsFile) now, each with its own id "
                      + "(vitrine catalogue upgrade DIR writes it, keeping the ids carts hold)", at: path + [.key(member.key)])
            } else {
                let guess = Self.nearMiss(member.key, among: keys).map { ": did you mean \(Self.quoted($0))?" } ?? ""
                error("unknown key \(Self.quoted(member.key))\(guess) (known: \(keys.joined(separator: ", ")))", at: path + [.key(member.key)])
            }
        }
        return object
    }

    /// The known key `key` is a slip of (a letter wrong, missing, added, or two swapped; two
    /// such in a longer key), compared by Unicode scalars; nil when none is that near, or two are.
    static func nearMiss(_ key: String, among keys: [String]) -> String? {
        let typed = Array(key.unicodeScalars.prefix(65))
        guard typed.count >= 3, typed.count <= 64 else { return nil }
        let allowed = typed.count >= 8 ? 2 : 1
        let near = keys.filter { Self.slips(typed, Array($0.unicodeScalars)) <= allowed }
        return near.count == 1 ? near[0] : nil
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours.
    static func slips(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var distance = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { distance[i][0] = i }
        for j in 0...b.count { distance[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                distance[i][j] = min(distance[i - 1][j] + 1, distance[i][j - 1] + 1, distance[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance[i][j] = min(distance[i][j], distance[i - 2][j - 2] + 1)
                }
            }
        }
        return distance[a.count][b.count]
    }

    /// A member that must be there.
    mutating func required(_ object: JSONObject, _ key: String, at path: Path) -> JSONValue? {
        guard let value = object[key], !value.isNull else {
            error("missing \(Self.quoted(key))", at: path)
            return nil
        }
        return value
    }

    mutating func array(_ value: JSONValue?, at path: Path) -> [JSONValue]? {
        guard let value, !value.isNull else { return nil }
        guard case .array(let elements) = value else {
            error("\(Self.describe(path)) must be an array", at: path)
            return nil
        }
        return elements
    }

    mutating func string(_ value: JSONValue?, at path: Path, maxBytes: Int = CatalogueFileReader.maxTextBytes) -> String? {
        guard let value, !value.isNull else { return nil }
        guard case .string(let text) = value else {
            error("\(Self.describe(path)) must be a string", at: path)
            return nil
        }
        guard text.utf8.count <= maxBytes else {
            error("\(Self.describe(path)) is \(text.utf8.count) bytes; at most \(maxBytes)", at: path)
            return nil
        }
        return text
    }

    mutating func integer(_ value: JSONValue?, at path: Path, in range: ClosedRange<Int>) -> Int? {
        guard let value, !value.isNull else { return nil }
        guard let number = value.intValue, range.contains(number) else {
            error("\(Self.describe(path)) must be a whole number from \(range.lowerBound) to \(range.upperBound)", at: path)
            return nil
        }
        return number
    }

    mutating func bool(_ value: JSONValue?, at path: Path) -> Bool? {
        guard let value, !value.isNull else { return nil }
        guard let flag = value.boolValue else {
            error("\(Self.describe(path)) must be true or false", at: path)
            return nil
        }
        return flag
    }

    /// An id: 1 to 64 bytes of `A-Z a-z 0-9 . _ -` (it goes into page ids, image names and
    /// tracking, and is printed by the tools).
    mutating func id(_ value: JSONValue?, at path: Path) -> String? {
        guard let text = string(value, at: path, maxBytes: .max) else { return nil }
        guard Self.isID(text) else {
            error("\(Self.describe(path)) \(Self.quoted(text)) must be 1 to 64 of A-Z a-z 0-9 . _ -", at: path)
            return nil
        }
        return text
    }

    static func isID(_ text: String) -> Bool {
        isID(bytes: text.utf8)
    }

    /// `isID` on the id's UTF-8 bytes.
    static func isID(bytes: some Collection<UInt8>) -> Bool {
        (1...64).contains(bytes.count) && bytes.allSatisfy(CatalogueImage.isNameByte)
    }

    /// An array of ids; a repeated one is an error.
    mutating func ids(_ value: JSONValue?, at path: Path) -> [String]? {
        guard let elements = array(value, at: path) else { return nil }
        var seen = Set<ExactString>()
        var ids: [String] = []
        for (index, element) in elements.enumerated() {
            guard let id = id(element, at: path + [.index(index)]) else { continue }
            guard seen.insert(ExactString(id)).inserted else {
                error("\(Self.quoted(id)) is listed twice", at: path + [.index(index)])
                continue
            }
            ids.append(id)
        }
        return ids
    }
}
