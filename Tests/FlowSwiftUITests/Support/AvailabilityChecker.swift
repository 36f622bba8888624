import Foundation

/// Finds uses of Apple API newer than where the code runs, as Xcode would and Linux does not
/// (Swift on Linux checks no `@available` at a call site). It reads Swift as text, a token at a
/// time, and judges by name; these are its rules.
///
/// What a declaration needs:
/// - A declaration needs what the `@available` written before it says, raised by the
///   `@available` of the types and extensions around it. Only iOS and macOS versions count;
///   `@available(*, unavailable)` and `deprecated:` need nothing.
/// - An `@available` belongs to the next declaration. A declaration without a body (a protocol
///   requirement, an enum case, a stored property) ends where the next declaration or
///   statement begins, or where its scope closes, and its `@available` ends with it.
/// - Declarations are read at file, type and extension scope, never inside a body. A member
///   counts as needing something only when it needs more than the type it is declared in (an
///   `@available` of its own, or of its extension): any use of a member needs a value of its
///   type, and the type's name is checked where that value is made or named. An initialiser
///   is called by its type's name, so it needs what its type needs too.
/// - A function's or initialiser's parameters are read with their labels (after attributes
///   such as `@ViewBuilder`), whether they have a default value or are variadic, and whether
///   they are of function type (their type has an `->`). Only the first name of a `case` or
///   `var` line is read.
/// - The sources given are read, and always `standardLibraryDeclarations` (API of the Swift
///   standard library newer than the deployment targets, which no module here declares).
///
/// What a context guarantees (the deployment targets, raised by):
/// - an `@available` declaration: its header and its body;
/// - `if #available(…)` (or `while`): its body, and the conditions after the check;
/// - `guard #available(…) … else { … }`: the rest of the scope after the else-block, not the
///   else-block;
/// - `if #unavailable(…) { … } else { … }`: the `else` (and each `else if` of the chain), and
///   `guard #unavailable(…) else { … }`: the else-block, when the check is the statement's only
///   condition (with others, the else also runs where the check held).
/// Platforms are apart: `if #available(iOS 26, *)` makes nothing newer usable on macOS 15.
///
/// What a use may mean, and when it is reported:
/// - Every identifier in code is a use, the insides of string interpolations included (other
///   string contents and comments are not code), except the name a declaration declares and an
///   argument or parameter label.
/// - A name followed by a call (`(…)`, trailing closures, or both) may mean
///   each of its declarations the call fits; a name not called, or whose call fits none, may
///   mean every declaration of it.
/// - A call fits a function or initialiser when its arguments can be given to the parameters
///   in order, each to the next parameter of its label (`_` for none), the first trailing
///   closure, which has no label, to the next parameter of function type whatever its label,
///   every parameter skipped or left over having a default value or being variadic. So
///   `Label { … }` means an `init(content:)` and not an `init(verbatim:)`.
/// - `Type.init(…)` calls `Type`'s initialisers, `self.init(…)` those of the type around it,
///   and `.init(…)` and `super.init(…)` (whose type is not written) any initialiser the call
///   fits.
/// - A use is reported when nothing it may mean is available in its context.
///
/// Limits: names, not types, are resolved (two overloads of one name and the same labels are
/// one to it, and a name the package declares too may mean the package's).
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
        func raised(to other: Platforms?) -> Platforms {
            guard let other else { return self }
            return Platforms(iOS: [iOS, other.iOS].compactMap { $0 }.max(), macOS: [macOS, other.macOS].compactMap { $0 }.max())
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

    /// A parameter of a declared function or initialiser.
    struct Parameter {
        /// `_` when it has none.
        var label: String
        var isFunction: Bool
        var isVariadic: Bool
        /// It has a default value, or is variadic: a call may give it nothing.
        var canBeOmitted: Bool
    }

    /// One declaration of a name.
    struct Overload {
        /// Nil for what is not called by its parameters (a type, a property, a case).
        var parameters: [Parameter]?
        var isInitialiser: Bool
        var needs: Platforms
    }

    /// An argument of a call: its label (`_` for none), and whether it is a trailing closure.
    struct Argument {
        var label: String
        var isTrailingClosure: Bool
    }

    private(set) var declared: [String: [Overload]] = [:]

    /// The declarations in `sources` (Swift text) and in `standardLibraryDeclarations`. To
    /// check a package's own `@available` declarations, give its sources here too.
    init(declarationSources sources: [String]) {
        var declared: [String: [Overload]] = [:]
        for source in [Self.standardLibraryDeclarations] + sources {
            for (name, overload) in Self.scan(Self.tokens(of: source), from: Platforms()).declarations {
                declared[name, default: []].append(overload)
            }
        }
        self.declared = declared
    }

    // MARK: - Uses

    /// Uses in `source` of names newer than their context, given the deployment targets, as
    /// `file:line: name needs …`.
    func violations(in source: String, file: String, deployment: Platforms) -> [String] {
        Self.scan(Self.tokens(of: source), from: deployment).uses.compactMap { use in
            guard let candidates = meanings(of: use), !candidates.isEmpty,
                !candidates.contains(where: { $0.needs.isAvailable(in: use.context) })
            else { return nil }
            let needs = candidates.map(\.needs).reduce(Platforms()) { $0.raised(to: $1) }
            return "\(file):\(use.line): \(use.name) needs \(needs), used where \(use.context) is all that is known"
        }
    }

    /// The declarations `use` may mean, or nil when nothing declared is meant.
    private func meanings(of use: Use) -> [Overload]? {
        let fits = { (overload: Overload) in
            guard let call = use.call, let parameters = overload.parameters else { return false }
            return Self.fits(call[...], parameters[...])
        }
        switch use.kind {
        case .name:
            guard let overloads = declared[use.name] else { return nil }
            let fitting = overloads.filter(fits)
            return fitting.isEmpty ? overloads : fitting
        case .initialiser(of: let type?):
            guard let initialisers = declared[type]?.filter(\.isInitialiser), !initialisers.isEmpty else { return nil }
            let fitting = initialisers.filter(fits)
            return fitting.isEmpty ? initialisers : fitting
        case .initialiser(of: nil):
            return declared.values.joined().filter { $0.isInitialiser && fits($0) }
        }
    }

    /// Whether a call with `arguments` fits a declaration with `parameters` (the rule above).
    static func fits(_ arguments: ArraySlice<Argument>, _ parameters: ArraySlice<Parameter>) -> Bool {
        guard let argument = arguments.first else { return parameters.allSatisfy(\.canBeOmitted) }
        guard let parameter = parameters.first else { return false }
        let isFirstTrailingClosure = argument.isTrailingClosure && argument.label == "_"
        if argument.label == parameter.label || (isFirstTrailingClosure && parameter.isFunction) {
            var rest = arguments.dropFirst()
            if parameter.isVariadic { rest = rest.drop { $0.label == "_" && !$0.isTrailingClosure } }
            if fits(rest, parameters.dropFirst()) { return true }
        }
        return parameter.canBeOmitted && fits(arguments, parameters.dropFirst())
    }

    // MARK: - Scanning

    /// A name used in code, with what its context guarantees.
    private struct Use {
        enum Kind {
            case name
            /// `init` called on a type (nil when the type is not written).
            case initialiser(of: String?)
        }

        var name: String
        var kind: Kind
        var call: [Argument]?
        var line: Int
        var context: Platforms
    }

    /// A `{ … }` being read.
    private struct Frame {
        /// A type's, an extension's or the file's scope (declarations are read there), or any
        /// other body (a function's, an accessor's, a closure's, a statement's).
        var isScope: Bool
        /// What code here may use.
        var context: Platforms
        /// What a member declared here needs without an `@available` of its own.
        var baseline: Platforms
        /// The type whose members are declared here.
        var type: String?
        var parentheses = 0
        /// The `@available`s read since the last declaration began.
        var attributes: Platforms?
        /// The declaration begun and not yet ended, whose body the next `{` may open.
        var header: Header?
        /// The `if`, `guard` or other statement whose body the next `{` may open.
        var condition: Condition?
        /// After `else` (of an `if` chain): what the next block may use.
        var elseChain: Platforms?
        /// On an `if`'s body: what an `else` after it may use.
        var elseMayUse: Platforms?
        /// On a `guard`'s else-block: what the rest of the scope may use once it closes.
        var guardRaises: Platforms?
    }

    private struct Header {
        var keyword: String
        var needs: Platforms?
        var parentheses: Int
        var type: String?
        /// After `=` (a property's initial value), a `{` is a closure, not the body.
        var hasInitialValue = false
    }

    private struct Condition {
        var keyword: String
        var parentheses: Int
        /// What an `else if` of an `if #unavailable` chain may use already.
        var inherited: Platforms?
        var available: Platforms?
        var unavailable: Platforms?
        var hasOtherConditions = false
        var reachedElse = false

        /// What the body of an `if` (or `while`) may use, beyond the context it is in.
        var raises: Platforms? { inherited.map { $0.raised(to: available) } ?? available }
        /// What the code after a failed check may use (an `else`, a guard's else-block).
        var onFailure: Platforms? {
            let sole = hasOtherConditions || available != nil ? nil : unavailable
            return inherited.map { $0.raised(to: sole) } ?? sole
        }
    }

    private static let typeKeywords: Set = ["struct", "class", "enum", "protocol", "actor"]
    private static let memberKeywords: Set = ["var", "let", "case", "typealias", "associatedtype"]
    private static let declarationKeywords = typeKeywords.union(memberKeywords).union(["extension", "func", "init", "subscript", "deinit", "macro"])
    private static let statementKeywords: Set = ["if", "guard", "while", "for", "switch", "catch", "do", "repeat", "return", "throw", "defer"]

    /// The declarations in `tokens` and the uses, in contexts that start from `base`.
    private static func scan(_ tokens: [Token], from base: Platforms) -> (declarations: [(String, Overload)], uses: [Use]) {
        var declarations: [(String, Overload)] = []
        var uses: [Use] = []
        var frames = [Frame(isScope: true, context: base, baseline: base)]
        var elseMayUse: Platforms?
        var index = 0

        func word(_ offset: Int) -> String? {
            let at = index + offset
            return at >= 0 && at < tokens.count && tokens[at].kind == .word ? tokens[at].text : nil
        }
        func text(_ offset: Int) -> String? {
            let at = index + offset
            return at >= 0 && at < tokens.count ? tokens[at].text : nil
        }
        /// What code at the current token may use.
        func context() -> Platforms {
            let frame = frames[frames.count - 1]
            return frame.context.raised(to: frame.header?.needs).raised(to: frame.condition?.inherited).raised(to: frame.condition?.available)
        }
        /// Whether a `{` here opens the body of the current declaration or statement.
        func opensBody() -> Bool {
            let frame = frames[frames.count - 1]
            if let condition = frame.condition, condition.parentheses == frame.parentheses { return true }
            if let header = frame.header, header.parentheses == frame.parentheses, !header.hasInitialValue { return true }
            return frame.elseChain != nil
        }

        while index < tokens.count {
            let token = tokens[index]
            let afterIf = elseMayUse
            elseMayUse = nil
            var frame: Frame {
                get { frames[frames.count - 1] }
                set { frames[frames.count - 1] = newValue }
            }
            if let condition = frame.condition, !condition.reachedElse, token.kind != .available, token.kind != .unavailable,
                !["{", "else"].contains(token.text) {
                frame.condition!.hasOtherConditions = true
            }
            switch token.kind {
            case .attribute:
                if frame.header != nil { frame.header = nil }
                frame.attributes = token.platforms.raised(to: frame.attributes)
            case .available:
                frame.condition?.available = token.platforms.raised(to: frame.condition?.available)
            case .unavailable:
                frame.condition?.unavailable = token.platforms.raised(to: frame.condition?.unavailable)
            case .symbol:
                switch token.text {
                case "(", "[": frame.parentheses += 1
                case ")", "]": frame.parentheses -= 1
                case "=":
                    if let header = frame.header, ["var", "let"].contains(header.keyword), header.parentheses == frame.parentheses {
                        frame.header!.hasInitialValue = true
                    }
                case "{":
                    var opened = Frame(isScope: false, context: context(), baseline: context(), type: frame.type)
                    if let condition = frame.condition, condition.parentheses == frame.parentheses {
                        if condition.keyword == "guard" {
                            opened.context = frame.context.raised(to: condition.onFailure)
                            opened.guardRaises = condition.available
                        } else {
                            opened.context = frame.context.raised(to: condition.raises)
                            if condition.keyword == "if" { opened.elseMayUse = condition.onFailure ?? Platforms() }
                        }
                        frame.condition = nil
                    } else if let header = frame.header, header.parentheses == frame.parentheses, !header.hasInitialValue {
                        opened.context = frame.context.raised(to: header.needs)
                        opened.isScope = typeKeywords.contains(header.keyword) || header.keyword == "extension"
                        opened.baseline = header.keyword == "extension" ? frame.context : opened.context
                        if opened.isScope { opened.type = header.type }
                        frame.header = nil
                    } else if let chain = frame.elseChain {
                        opened.context = frame.context.raised(to: chain)
                    }
                    frame.elseChain = nil
                    frames.append(opened)
                case "}":
                    guard frames.count > 1 else { break }
                    let closed = frames.removeLast()
                    frame.context = frame.context.raised(to: closed.guardRaises)
                    elseMayUse = closed.elseMayUse
                default: break
                }
            case .word:
                let name = token.text
                let isMemberAccess = text(-1) == "."
                let followsListStart = ["(", ","].contains(text(-1))
                let isLabel = text(1) == ":" && (followsListStart || (word(-1) != nil && ["(", ","].contains(text(-2))))
                    || (followsListStart && word(1) != nil && text(2) == ":")
                if isLabel { break }  // an argument's or a parameter's label or name (`for bars:`)
                if name == "else" {
                    if let condition = frame.condition, condition.keyword == "guard", condition.parentheses == frame.parentheses {
                        frame.condition!.reachedElse = true
                    } else if let afterIf {
                        frame.elseChain = afterIf
                    }
                    break
                }
                if statementKeywords.contains(name), !isMemberAccess {
                    frame.header = nil
                    frame.attributes = nil
                    if ["if", "guard", "while", "for", "switch", "catch"].contains(name), !(name == "while" && text(-1) == "}") {
                        frame.condition = Condition(keyword: name, parentheses: frame.parentheses, inherited: name == "if" ? frame.elseChain : nil)
                    }
                    frame.elseChain = nil
                    break
                }
                frame.elseChain = nil
                let isModifier = name == "class" && word(1).map(declarationKeywords.contains) == true
                let isLocal = memberKeywords.contains(name) && (!frame.isScope || frame.condition != nil)
                if declarationKeywords.contains(name), !isMemberAccess, !isModifier, !isLocal {
                    let declaration = declaredName(in: tokens, after: index, keyword: name, type: frame.type)
                    let needs = frame.attributes
                    frame.attributes = nil
                    frame.header = Header(keyword: name, needs: needs, parentheses: frame.parentheses, type: declaration.name)
                    if frame.isScope, name != "extension", let declared = declaration.name {
                        // A member needs what it says only where that is more than its type's; an
                        // initialiser, called by the type's name, needs the type's too.
                        let total = frame.context.raised(to: needs)
                        let own = name != "init" && total.isAvailable(in: frame.baseline) ? Platforms() : total
                        declarations.append((declared, Overload(parameters: declaration.parameters, isInitialiser: name == "init", needs: own)))
                    }
                    index = declaration.end  // past the name it declares, which is not a use
                    continue
                }
                if ["let", "var"].contains(name), !isMemberAccess, word(1) != nil {
                    index += 2  // a local's or a pattern's name: declared, not used
                    continue
                }
                var kind = Use.Kind.name
                var usedName = name
                if name == "init" {
                    // `Text.init(…)`, `self.init(…)`; `.init(…)` and `super.init(…)` name no type.
                    let dot = tokens[index - 1]
                    let receiver = index >= 2 && tokens[index - 2].end == dot.start && tokens[index - 2].kind == .word ? tokens[index - 2].text : nil
                    let type = receiver == "self" || receiver == "Self" ? frame.type : receiver == "super" ? nil : receiver
                    kind = .initialiser(of: type)
                    usedName = type.map { "\($0).init" } ?? "init"
                }
                let call = callArguments(in: tokens, after: index, trailingClosureAllowed: !opensBody())
                uses.append(Use(name: usedName, kind: kind, call: call, line: token.line, context: context()))
            }
            index += 1
        }
        return (declarations, uses)
    }

    /// The name a declaration keyword at `index` declares, its parameters (a function's or an
    /// initialiser's), and where its name ends.
    private static func declaredName(in tokens: [Token], after index: Int, keyword: String, type: String?) -> (name: String?, parameters: [Parameter]?, end: Int) {
        var position = index + 1
        switch keyword {
        case "init":
            while position < tokens.count, ["?", "!"].contains(tokens[position].text) { position += 1 }
            return (type, parameters(in: tokens, from: &position), index + 1)
        case "extension":
            // `extension Image.Orientation`: members are used on the last name.
            var name: String?
            while position < tokens.count, tokens[position].kind == .word {
                name = tokens[position].text
                guard position + 2 < tokens.count, tokens[position + 1].text == "." else { break }
                position += 2
            }
            return (name, nil, index + 1)
        case "subscript", "deinit":
            return (nil, nil, index + 1)
        default:
            guard position < tokens.count, tokens[position].kind == .word else { return (nil, nil, index + 1) }
            let name = tokens[position].text
            position += 1
            let end = position
            if keyword == "func" || keyword == "macro" { return (name, parameters(in: tokens, from: &position), end) }
            return (name, nil, end)
        }
    }

    /// The parameter list at `position` (after any generic parameters).
    private static func parameters(in tokens: [Token], from position: inout Int) -> [Parameter]? {
        if position < tokens.count, tokens[position].text == "<" {
            var depth = 0
            repeat {
                if tokens[position].text == "<" { depth += 1 } else if tokens[position].text == ">" { depth -= 1 }
                position += 1
            } while position < tokens.count && depth > 0
        }
        guard position < tokens.count, tokens[position].text == "(" else { return nil }
        return arguments(in: tokens, from: &position, anglesNest: true).map { part in
            var index = part.startIndex
            // Attributes before the label: `@ViewBuilder content:`, `@_inheritActorContext`.
            while index + 1 < part.endIndex, part[index].text == "@" {
                index += 2
                if index < part.endIndex, part[index].text == "(" { index = closing(of: index, in: tokens) + 1 }
            }
            let label = index < part.endIndex && part[index].kind == .word ? part[index].text : "_"
            let colon = part[index...].firstIndex { $0.text == ":" } ?? part.endIndex
            let equals = part[colon...].firstIndex { $0.text == "=" } ?? part.endIndex
            let type = part[colon..<equals]
            let isVariadic = type.contains { $0.text == "..." }
            return Parameter(
                label: label, isFunction: type.contains { $0.text == "->" }, isVariadic: isVariadic,
                canBeOmitted: isVariadic || equals < part.endIndex)
        }
    }

    /// The arguments of a call at `index` (a name): the labels of those in parentheses right
    /// after it, then its trailing closures (a `{` next, unless it opens a body, then
    /// `label: { … }`s); nil when nothing is called.
    private static func callArguments(in tokens: [Token], after index: Int, trailingClosureAllowed: Bool) -> [Argument]? {
        var position = index + 1
        var call: [Argument]?
        if position < tokens.count, tokens[position].text == "(", tokens[position].start == tokens[index].end {
            call = arguments(in: tokens, from: &position, anglesNest: false).map { part in
                let isLabelled = part.count > 1 && part.first!.kind == .word && part[part.startIndex + 1].text == ":"
                return Argument(label: isLabelled ? part.first!.text : "_", isTrailingClosure: false)
            }
        }
        guard trailingClosureAllowed, position < tokens.count, tokens[position].text == "{" else { return call }
        var arguments = call ?? []
        arguments.append(Argument(label: "_", isTrailingClosure: true))
        position = closing(of: position, in: tokens) + 1
        while position + 2 < tokens.count, tokens[position].kind == .word, tokens[position + 1].text == ":", tokens[position + 2].text == "{" {
            arguments.append(Argument(label: tokens[position].text, isTrailingClosure: true))
            position = closing(of: position + 2, in: tokens) + 1
        }
        return arguments
    }

    /// The comma-separated parts of the bracketed list that opens at `position`, which is left
    /// after its close. Where `anglesNest` (a declaration's parameters), a comma between `<`
    /// and `>` is a generic type's (`Result<A, B>`); in a call's arguments `<` may compare.
    private static func arguments(in tokens: [Token], from position: inout Int, anglesNest: Bool) -> [ArraySlice<Token>] {
        let end = closing(of: position, in: tokens)
        var parts: [ArraySlice<Token>] = []
        var depth = 0
        var angles = 0
        var start = position + 1
        for at in (position + 1)..<max(end, position + 1) {
            switch tokens[at].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "<" where anglesNest: angles += 1
            case ">" where anglesNest: angles = max(0, angles - 1)
            case "," where depth == 0 && angles == 0:
                parts.append(tokens[start..<at])
                start = at + 1
            default: break
            }
        }
        if start < end { parts.append(tokens[start..<end]) }
        position = min(end + 1, tokens.count)
        return parts
    }

    /// Where the bracket opened at `position` closes (the end of the tokens if it does not).
    private static func closing(of position: Int, in tokens: [Token]) -> Int {
        var depth = 0
        for at in position..<tokens.count {
            switch tokens[at].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return at }
            default: break
            }
        }
        return tokens.count
    }

    // MARK: - Reading text

    struct Token {
        enum Kind { case word, symbol, attribute, available, unavailable }

        var kind: Kind
        var text: String
        /// For `@available(…)`, `#available(…)` and `#unavailable(…)`.
        var platforms = Platforms()
        var line: Int
        var start: Int
        var end: Int
    }

    /// The tokens of `source`'s code: words, symbols (`->`, `...`, `..<` and `==` as one), and
    /// availability attributes and checks with what they name. Compiler directives (`#if …`,
    /// `#else`, `#endif`) are left out, so both branches are read.
    static func tokens(of source: String) -> [Token] {
        let text = Array(code(source).unicodeScalars)
        var tokens: [Token] = []
        var line = 1
        var index = 0
        func string(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(text[range])) }
        func word(at position: Int) -> Int {
            var end = position
            while end < text.count, isIdentifierPart(text[end]) { end += 1 }
            return end
        }
        while index < text.count {
            let scalar = text[index]
            if scalar == "\n" { line += 1; index += 1; continue }
            if scalar == " " || scalar == "\t" || scalar == "\r" { index += 1; continue }
            if scalar == "#" || scalar == "@", index + 1 < text.count, isIdentifierStart(text[index + 1]) {
                let end = word(at: index + 1)
                let keyword = string((index + 1)..<end)
                if scalar == "#", ["if", "elseif", "else", "endif"].contains(keyword) {
                    while index < text.count, text[index] != "\n" { index += 1 }
                    continue
                }
                let kind: Token.Kind? = switch (scalar, keyword) {
                case ("@", "available"): .attribute
                case ("#", "available"): .available
                case ("#", "unavailable"): .unavailable
                default: nil
                }
                if let kind, end < text.count, text[end] == "(" {
                    var close = end
                    while close < text.count, text[close] != ")" { close += 1 }
                    let arguments = string((end + 1)..<close)
                    tokens.append(Token(kind: kind, text: string(index..<min(close + 1, text.count)), platforms: platforms(arguments), line: line, start: index, end: close + 1))
                    line += arguments.filter { $0 == "\n" }.count
                    index = close + 1
                    continue
                }
            }
            if isIdentifierPart(scalar) {
                let end = word(at: index)
                tokens.append(Token(kind: .word, text: string(index..<end), line: line, start: index, end: end))
                index = end
                continue
            }
            if scalar == "`", index + 1 < text.count, isIdentifierStart(text[index + 1]) {
                let end = word(at: index + 1)
                if end < text.count, text[end] == "`" {  // `default`: a name that is a keyword elsewhere
                    tokens.append(Token(kind: .word, text: string((index + 1)..<end), line: line, start: index, end: end + 1))
                    index = end + 1
                    continue
                }
            }
            var end = index + 1
            for symbol in ["->", "...", "..<", "=="] where index + symbol.unicodeScalars.count <= text.count && string(index..<(index + symbol.unicodeScalars.count)) == symbol {
                end = index + symbol.unicodeScalars.count
            }
            tokens.append(Token(kind: .symbol, text: string(index..<end), line: line, start: index, end: end))
            index = end
        }
        return tokens
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

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    /// `source` with comments and the text of string literals blanked (line breaks kept), so
    /// that neither a word in prose nor a brace in a string counts. A string interpolation's
    /// code (`\(…)`, `\#(…)` in a raw string) is kept.
    static func code(_ source: String) -> String {
        let scalars = Array(source.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        copyCode(scalars, &index, &output, inInterpolation: false)
        return String(output)
    }

    private static func blank(_ scalar: Unicode.Scalar) -> Unicode.Scalar { scalar == "\n" ? "\n" : " " }

    private static func starts(_ scalars: [Unicode.Scalar], with prefix: [Unicode.Scalar], at index: Int) -> Bool {
        index + prefix.count <= scalars.count && Array(scalars[index..<(index + prefix.count)]) == prefix
    }

    /// Copies code from `index`; in an interpolation, up to and with the `)` that closes it.
    private static func copyCode(_ scalars: [Unicode.Scalar], _ index: inout Int, _ output: inout String.UnicodeScalarView, inInterpolation: Bool) {
        var parentheses = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if starts(scalars, with: ["/", "/"], at: index) {
                while index < scalars.count, scalars[index] != "\n" { output.append(" "); index += 1 }
            } else if starts(scalars, with: ["/", "*"], at: index) {
                var depth = 0
                repeat {
                    if starts(scalars, with: ["/", "*"], at: index) { depth += 1; output.append(contentsOf: "  ".unicodeScalars); index += 2 }
                    else if starts(scalars, with: ["*", "/"], at: index) { depth -= 1; output.append(contentsOf: "  ".unicodeScalars); index += 2 }
                    else { output.append(blank(scalars[index])); index += 1 }
                } while index < scalars.count && depth > 0
            } else if scalar == "\"" {
                copyString(scalars, &index, &output)
            } else {
                output.append(scalar)
                index += 1
                if inInterpolation, scalar == "(" { parentheses += 1 }
                if inInterpolation, scalar == ")" {
                    if parentheses == 0 { return }
                    parentheses -= 1
                }
            }
        }
    }

    /// Copies the string literal at `index` (its opening quote), blanking its text and keeping
    /// its interpolations' code. A raw string (`#"…"#`) ends at a quote with as many `#`s.
    private static func copyString(_ scalars: [Unicode.Scalar], _ index: inout Int, _ output: inout String.UnicodeScalarView) {
        var hashes = 0
        while index - hashes - 1 >= 0, scalars[index - hashes - 1] == "#" { hashes += 1 }
        let quotes = starts(scalars, with: ["\"", "\"", "\""], at: index) ? 3 : 1
        let escape = ["\\"] + Array(repeating: "#", count: hashes) as [Unicode.Scalar]
        let close = Array(repeating: "\"", count: quotes) + Array(repeating: "#", count: hashes) as [Unicode.Scalar]
        output.append(contentsOf: Array(repeating: "\"", count: quotes) as [Unicode.Scalar])
        index += quotes
        while index < scalars.count {
            if starts(scalars, with: escape, at: index) {
                output.append(contentsOf: Array(repeating: " ", count: escape.count) as [Unicode.Scalar])
                index += escape.count
                if index < scalars.count, scalars[index] == "(" {
                    output.append("(")
                    index += 1
                    copyCode(scalars, &index, &output, inInterpolation: true)
                } else if index < scalars.count {
                    output.append(blank(scalars[index]))
                    index += 1
                }
            } else if starts(scalars, with: close, at: index) {
                output.append(contentsOf: close)
                index += close.count
                return
            } else if quotes == 1, scalars[index] == "\n" {
                return
            } else {
                output.append(blank(scalars[index]))
                index += 1
            }
        }
    }
}
