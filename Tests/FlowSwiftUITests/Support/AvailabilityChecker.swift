import Foundation

/// Finds uses of Apple API newer than where the code runs, as Xcode would and Linux does not
/// (Swift on Linux checks no `@available` at a call site): the declarations say when each name
/// was introduced (`@available(iOS 26.0, macOS 26.0, *)` on it or on the type or extension
/// around it), and a use counts as guarded only inside an `if #available` / `guard #available`
/// naming that platform at that version, or inside a declaration marked `@available` so.
///
/// Read as text, so its judgement is by name: a use of `name` is reported when every
/// declaration of `name` it may mean (those whose first argument label matches the use's, else
/// all of them) is newer than its context on iOS or macOS. An overload newer than another of
/// the same name and label is therefore not caught; a `*` in a check gives other platforms
/// nothing (as the compiler reads it: `if #available(iOS 26, *)` does not make a macOS 26 API
/// usable on macOS 15).
struct AvailabilityChecker {
    struct Version: Comparable, CustomStringConvertible {
        var major: Int
        var minor: Int

        static func < (lhs: Version, rhs: Version) -> Bool {
            (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
        }

        var description: String { "\(major).\(minor)" }
    }

    /// The versions something needs (a declaration) or guarantees (a context), by platform.
    struct Platforms: CustomStringConvertible {
        var iOS: Version?
        var macOS: Version?

        /// The later of the two on each platform.
        func raised(to other: Platforms) -> Platforms {
            Platforms(iOS: [iOS, other.iOS].compactMap { $0 }.max(), macOS: [macOS, other.macOS].compactMap { $0 }.max())
        }

        /// Whether a declaration needing `self` may be used where `context` holds.
        func isAvailable(in context: Platforms) -> Bool {
            if let iOS, iOS > (context.iOS ?? Version(major: 0, minor: 0)) { return false }
            if let macOS, macOS > (context.macOS ?? Version(major: 0, minor: 0)) { return false }
            return true
        }

        var description: String {
            [iOS.map { "iOS \($0)" }, macOS.map { "macOS \($0)" }].compactMap { $0 }.joined(separator: ", ")
        }
    }

    /// One declaration of a name: the first argument label of a function or initialiser (`_`
    /// unlabelled, empty for none), and what it needs.
    struct Overload {
        var label: String?
        var needs: Platforms
    }

    private(set) var declared: [String: [Overload]] = [:]

    /// The declarations in `sources` (Swift text).
    init(declarationSources sources: [String]) {
        for source in sources { read(declarations: Self.code(source)) }
    }

    // MARK: - Declarations

    private mutating func read(declarations text: String) {
        // Each open brace's frame: what the declarations inside need at least, and the type it
        // belongs to (initialisers are used by the type's name).
        var frames: [(needs: Platforms, type: String?)] = [(Platforms(), nil)]
        var pending = Platforms()
        for line in text.components(separatedBy: "\n") {
            for match in line.matches(of: /@available\(([^)]*)\)/) { pending = pending.raised(to: Self.platforms(String(match.output.1))) }
            let needs = frames.last!.needs.raised(to: pending)
            var opened: (needs: Platforms, type: String?)?
            if let type = line.firstMatch(of: /\b(?:struct|class|enum|protocol|actor|extension)\s+(\w+)/) {
                let name = String(type.output.1)
                if !line.contains("extension") { declared[name, default: []].append(Overload(label: nil, needs: needs)) }
                opened = (needs, name)
                pending = Platforms()
            } else if let function = line.firstMatch(of: /\bfunc\s+(\w+)\s*(?:<[^(]*>)?\s*\(\s*(\w*)/) {
                declared[String(function.output.1), default: []].append(Overload(label: String(function.output.2), needs: needs))
                opened = (needs, frames.last!.type)
                pending = Platforms()
            } else if let initialiser = line.firstMatch(of: /\binit\??\s*(?:<[^(]*>)?\s*\(\s*(\w*)/), let type = frames.last!.type {
                declared[type, default: []].append(Overload(label: String(initialiser.output.1), needs: needs))
                opened = (needs, type)
                pending = Platforms()
            } else if let member = line.firstMatch(of: /\b(?:var|let|case|typealias)\s+(\w+)/) {
                declared[String(member.output.1), default: []].append(Overload(label: nil, needs: needs))
                opened = (needs, frames.last!.type)
                pending = Platforms()
            }
            for character in line {
                if character == "{" { frames.append(opened ?? (frames.last!.needs, frames.last!.type)) }
                if character == "}", frames.count > 1 { frames.removeLast() }
            }
        }
    }

    // MARK: - Uses

    /// Uses in `source` of names newer than their context, given the deployment targets, as
    /// `file:line: name needs …`.
    func violations(in source: String, file: String, deployment: Platforms) -> [String] {
        let text = Array(Self.code(source).unicodeScalars)
        var contexts: [Platforms] = [deployment]
        var pending: Platforms?
        var found: [String] = []
        var line = 1
        var index = 0
        while index < text.count {
            let scalar = text[index]
            if scalar == "\n" { line += 1 }
            if scalar == "{" {
                contexts.append(pending.map { contexts.last!.raised(to: $0) } ?? contexts.last!)
                pending = nil
            } else if scalar == "}", contexts.count > 1 {
                contexts.removeLast()
            } else if scalar == "#" || scalar == "@", let (platforms, end) = Self.availability(in: text, at: index) {
                let isGuard = Self.word(before: index, in: text) == "guard"
                if isGuard {
                    // The rest of the enclosing block runs only where the check passed.
                    contexts[contexts.count - 1] = contexts.last!.raised(to: platforms)
                } else {
                    pending = (pending ?? Platforms()).raised(to: platforms)
                }
                index = end
                continue
            } else if Self.isIdentifierStart(scalar), index == 0 || !Self.isIdentifierPart(text[index - 1]) {
                var end = index
                while end < text.count, Self.isIdentifierPart(text[end]) { end += 1 }
                let name = String(String.UnicodeScalarView(text[index..<end]))
                if let overloads = declared[name] {
                    let label = Self.firstLabel(after: end, in: text)
                    let meant = overloads.filter { label != nil && $0.label == label }
                    let candidates = meant.isEmpty ? overloads : meant
                    if !candidates.contains(where: { $0.needs.isAvailable(in: contexts.last!) }) {
                        let needs = candidates.map(\.needs).reduce(Platforms()) { $0.raised(to: $1) }
                        found.append("\(file):\(line): \(name) needs \(needs), used where \(contexts.last!) is all that is known")
                    }
                }
                index = end
                continue
            }
            index += 1
        }
        return found
    }

    // MARK: - Reading text

    /// `#available(…)` or `@available(…)` at `index`: its platforms and where it ends.
    private static func availability(in text: [Unicode.Scalar], at index: Int) -> (Platforms, Int)? {
        let keyword = Array("available(".unicodeScalars)
        guard index + 1 + keyword.count <= text.count, Array(text[(index + 1)..<(index + 1 + keyword.count)]) == keyword else { return nil }
        var end = index + 1 + keyword.count
        while end < text.count, text[end] != ")" { end += 1 }
        let arguments = String(String.UnicodeScalarView(text[(index + 1 + keyword.count)..<min(end, text.count)]))
        return (platforms(arguments), min(end + 1, text.count))
    }

    /// `iOS 26.0, macOS 26, *` (or `iOS, introduced: 26.0`) as versions; `*` gives nothing.
    static func platforms(_ arguments: String) -> Platforms {
        var platforms = Platforms()
        if arguments.contains("unavailable") { return platforms }
        for match in arguments.matches(of: /\b(iOS|macOS)(?:\s*,\s*introduced:)?\s+(\d+)(?:\.(\d+))?/) {
            let version = Version(major: Int(match.output.2) ?? 0, minor: Int(match.output.3 ?? "0") ?? 0)
            if match.output.1 == "iOS" { platforms.iOS = version } else { platforms.macOS = version }
        }
        return platforms
    }

    /// The first argument label of a call at `index` (`(of:` gives `of`, `(x` gives `_`, `()`
    /// gives the empty label), or nil when no call follows.
    private static func firstLabel(after index: Int, in text: [Unicode.Scalar]) -> String? {
        var position = index
        guard position < text.count, text[position] == "(" else { return nil }
        position += 1
        while position < text.count, text[position] == " " || text[position] == "\n" { position += 1 }
        guard position < text.count else { return nil }
        if text[position] == ")" { return "" }
        var end = position
        while end < text.count, isIdentifierPart(text[end]) { end += 1 }
        var after = end
        while after < text.count, text[after] == " " { after += 1 }
        guard end > position, after < text.count, text[after] == ":" else { return "_" }
        return String(String.UnicodeScalarView(text[position..<end]))
    }

    private static func word(before index: Int, in text: [Unicode.Scalar]) -> String {
        var end = index
        while end > 0, text[end - 1] == " " { end -= 1 }
        var start = end
        while start > 0, isIdentifierPart(text[start - 1]) { start -= 1 }
        return String(String.UnicodeScalarView(text[start..<end]))
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    /// `source` with comments and the insides of string literals blanked (line breaks kept), so
    /// that neither a word in prose nor a brace in a string counts.
    static func code(_ source: String) -> String {
        var output = String.UnicodeScalarView()
        let scalars = Array(source.unicodeScalars)
        var index = 0
        func blank(_ scalar: Unicode.Scalar) -> Unicode.Scalar { scalar == "\n" ? "\n" : " " }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            if scalar == "/", next == "/" {
                while index < scalars.count, scalars[index] != "\n" { output.append(" "); index += 1 }
            } else if scalar == "/", next == "*" {
                while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
                    output.append(blank(scalars[index])); index += 1
                }
                output.append(contentsOf: "  ".unicodeScalars); index += 2
            } else if scalar == "\"" {
                let isMultiline = index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\""
                let delimiter = isMultiline ? 3 : 1
                output.append(contentsOf: String(repeating: "\"", count: delimiter).unicodeScalars)
                index += delimiter
                while index < scalars.count {
                    if scalars[index] == "\\" { output.append(contentsOf: "  ".unicodeScalars); index += 2; continue }
                    if scalars[index] == "\"", !isMultiline || (index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\"") { break }
                    if !isMultiline, scalars[index] == "\n" { break }
                    output.append(blank(scalars[index])); index += 1
                }
                if index < scalars.count {
                    output.append(contentsOf: String(repeating: "\"", count: delimiter).unicodeScalars)
                    index += delimiter
                }
            } else {
                output.append(scalar); index += 1
            }
        }
        return String(output)
    }
}
