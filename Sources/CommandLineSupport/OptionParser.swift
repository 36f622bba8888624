/// A command's syntax, declared once: its options, its operands and its synopsis lines. The
/// command line is parsed from it and the usage text is written from it, so the two cannot
/// disagree.
///
/// Options are `--name value`, `--name=value` or a bare `--flag`; names are compared as UTF-8
/// bytes. An operand is any argument that does not start with `-` (and `-` alone, standard
/// input), and every argument after `--`. `-h` and `--help` ask for the usage. A value an option's `apply` refuses is a
/// `UsageError` whose message that `apply` writes.
public struct OptionParser<Options> {
    /// One option of the command.
    public struct Option {
        /// `--name`.
        public let name: String
        /// What the synopsis shows for its value (`DIR`, `127.0.0.1`); nil for a flag.
        public let placeholder: String?
        /// Given more than once, each value is applied in turn (shown as `[…]…`).
        public let isRepeatable: Bool
        /// An empty value is a value (`--capabilities ''`: none), not a missing one.
        public let allowsEmpty: Bool
        /// The option this one is another name of (`--backend` of `--server`): given, it counts
        /// as that one, for repeats and forms alike.
        public private(set) var canonicalName: String
        let apply: (inout Options, String) throws(UsageError) -> Void

        init(name: String, placeholder: String?, isRepeatable: Bool, allowsEmpty: Bool,
             apply: @escaping (inout Options, String) throws(UsageError) -> Void) {
            self.name = name
            self.placeholder = placeholder
            self.isRepeatable = isRepeatable
            self.allowsEmpty = allowsEmpty
            self.canonicalName = name
            self.apply = apply
        }

        /// This option as another name of `canonical`.
        public func alias(of canonical: String) -> Option {
            var alias = self
            alias.canonicalName = canonical
            return alias
        }

        /// An option that takes a value.
        public static func value(
            _ name: String, _ placeholder: String, repeatable: Bool = false, allowsEmpty: Bool = false,
            _ apply: @escaping (inout Options, String) throws(UsageError) -> Void
        ) -> Option {
            Option(name: name, placeholder: placeholder, isRepeatable: repeatable, allowsEmpty: allowsEmpty, apply: apply)
        }

        /// An option whose value is a whole number of `range`.
        public static func number(
            _ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, _ set: @escaping (inout Options, Int) -> Void
        ) -> Option {
            .value(name, placeholder) { options, text throws(UsageError) in
                guard let value = Int(text), range.contains(value) else {
                    throw UsageError("\(name) '\(TerminalText.excerpt(text))' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                set(&options, value)
            }
        }

        /// An option whose value is one of `Value`'s cases, by their raw values' bytes.
        public static func oneOf<Value: RawRepresentable & CaseIterable>(
            _ name: String, _ placeholder: String, _ set: @escaping (inout Options, Value) -> Void
        ) -> Option where Value.RawValue == String {
            .value(name, placeholder) { options, text throws(UsageError) in
                guard let value = Value.allCases.first(where: { $0.rawValue.utf8.elementsEqual(text.utf8) }) else {
                    let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("\(name) '\(TerminalText.excerpt(text))' is not one of \(names)")
                }
                set(&options, value)
            }
        }

        /// An option that takes no value.
        public static func flag(_ name: String, _ apply: @escaping (inout Options) -> Void) -> Option {
            Option(name: name, placeholder: nil, isRepeatable: false, allowsEmpty: true) { options, _ throws(UsageError) in apply(&options) }
        }
    }

    /// What the command's operands are called and how each is applied.
    public struct Operand {
        /// What an operand is called in messages (`FILE`, `FILE or URL`).
        public let name: String
        /// At most this many; nil for any number.
        public let limit: Int?
        let apply: (inout Options, String) throws(UsageError) -> Void

        public init(_ name: String, limit: Int? = nil, apply: @escaping (inout Options, String) throws(UsageError) -> Void) {
            self.name = name
            self.limit = limit
            self.apply = apply
        }

        /// One operand, kept at `path`; a second is refused (an empty one counts).
        public static func one(_ name: String, _ path: WritableKeyPath<Options, String>) -> Operand {
            Operand(name, limit: 1) { options, operand in options[keyPath: path] = operand }
        }
    }

    /// One word of a synopsis line.
    public enum Word: Sendable {
        /// An option shown optional: `[--name PLACEHOLDER]`, `…` after a repeatable one.
        case optional(String)
        /// An option shown required: `--name PLACEHOLDER`.
        case required(String)
        /// Words shown as they are (`FILE|URL`, `[app]`).
        case text(String)
    }

    /// The command as typed (`vitrine serve`).
    public let command: String
    /// Every option the command takes, those a synopsis does not show included.
    public let options: [Option]
    /// The command's operands; nil when it takes none.
    public let operand: Operand?
    /// The synopsis: each form of the command, each form's lines of words.
    public let forms: [[[Word]]]

    public init(
        command: String, options: [Option],
        operand: Operand? = nil,
        forms: [[[Word]]]
    ) {
        self.command = command
        self.options = options
        self.operand = operand
        self.forms = forms
    }

    /// What a command line asked for.
    public struct Parsed {
        /// The options, as the arguments left them.
        public var options: Options
        /// The options given, by name, whatever their values, in the order given.
        public var given: [String]
        /// `-h` or `--help` was among the arguments.
        public var isHelp: Bool

        /// Whether the option called `name` was given.
        public func gave(_ name: String) -> Bool {
            given.contains { $0.utf8.elementsEqual(name.utf8) }
        }
    }

    /// Applies `arguments` to `initial`, in order; throws the first problem. `-h` or `--help`
    /// anywhere asks for the usage and nothing else: no argument is applied or judged.
    public func parse(_ arguments: [String], into initial: Options) throws(UsageError) -> Parsed {
        var parsed = Parsed(options: initial, given: [], isHelp: false)
        // `--` ends the options: every argument after it is an operand (a file named `-x`).
        let endOfOptions = arguments.firstIndex { $0.utf8.elementsEqual("--".utf8) }
        if arguments[..<(endOfOptions ?? arguments.endIndex)].contains(where: { $0.utf8.elementsEqual("-h".utf8) || $0.utf8.elementsEqual("--help".utf8) }) {
            parsed.isHelp = true
            return parsed
        }
        var rest = arguments[...]
        var operands = 0
        var optionsEnded = false
        while let argument = rest.popFirst() {
            let bytes = Array(argument.utf8)
            if !optionsEnded, bytes.elementsEqual("--".utf8) {
                optionsEnded = true
                continue
            }
            guard !optionsEnded, bytes.first == UInt8(ascii: "-"), bytes.count > 1 else {
                guard let operand else { throw UsageError("unexpected '\(TerminalText.excerpt(argument))'") }
                operands += 1
                if let limit = operand.limit, operands > limit {
                    throw UsageError(limit == 1 ? "only one \(operand.name)" : "at most \(limit) of \(operand.name)")
                }
                try operand.apply(&parsed.options, argument)
                continue
            }
            // `--name=value`: the name is the bytes before the first `=`.
            let equals = bytes.starts(with: "--".utf8) ? bytes.firstIndex(of: UInt8(ascii: "=")) : nil
            let name = equals.map { Array(bytes[..<$0]) } ?? bytes
            guard let option = options.first(where: { $0.name.utf8.elementsEqual(name) }) else {
                throw UsageError("unknown option '\(TerminalText.excerpt(argument))'")
            }
            if !option.isRepeatable, parsed.gave(option.canonicalName) {
                let named = option.canonicalName.utf8.elementsEqual(option.name.utf8) ? option.name : "\(option.name) (\(option.canonicalName))"
                throw UsageError("\(named) is given twice")
            }
            parsed.given.append(option.canonicalName)
            guard option.placeholder != nil else {
                if equals != nil { throw UsageError("\(option.name) takes no value") }
                try option.apply(&parsed.options, "")
                continue
            }
            let value = equals.map { String(decoding: bytes[($0 + 1)...], as: UTF8.self) } ?? rest.popFirst()
            guard let value, option.allowsEmpty || !value.isEmpty else { throw UsageError("\(option.name) needs a value") }
            try option.apply(&parsed.options, value)
        }
        try checkForm(given: parsed.given)
        return parsed
    }

    /// The options given make one of the synopsis's forms: all of them are shown in that form,
    /// and every option it shows required is among them. Options no form shows may go with any.
    private func checkForm(given: [String]) throws(UsageError) {
        let shapes = forms.map { form in
            let words = form.flatMap { $0 }
            let names = words.compactMap { word -> String? in
                switch word {
                case .optional(let name), .required(let name): name
                case .text: nil
                }
            }
            let required = words.compactMap { word -> String? in
                if case .required(let name) = word { return name }
                return nil
            }
            return (names: names, required: required)
        }
        let shown = Set(shapes.flatMap(\.names))
        let named = given.filter { shown.contains($0) }
        guard !shapes.isEmpty else { return }
        let fitting = shapes.filter { shape in named.allSatisfy { shape.names.contains($0) } }
        if fitting.contains(where: { shape in shape.required.allSatisfy { named.contains($0) } }) { return }
        guard let shape = fitting.first else {
            // Two given options no form shows together.
            for (index, first) in named.enumerated() {
                for second in named[(index + 1)...] where !shapes.contains(where: { $0.names.contains(first) && $0.names.contains(second) }) {
                    throw UsageError("\(first) and \(second) cannot be given together")
                }
            }
            throw UsageError("these options make none of the command's forms")
        }
        let missing = shape.required.filter { !named.contains($0) }
        let anchor = shape.required.first { named.contains($0) }
        let list = missing.count == 1 ? missing[0] : missing.dropLast().joined(separator: ", ") + " and " + (missing.last ?? "")
        throw UsageError(anchor.map { "\($0) needs \(list)" } ?? "\(list) \(missing.count == 1 ? "is" : "are") needed")
    }

    /// The synopsis: `usage: ` before the first line, each later line aligned under the
    /// command's first word, a continued line under the first word after the command.
    public var usage: String {
        var lines: [String] = []
        for form in forms {
            for (index, words) in form.enumerated() {
                let lead = index == 0 ? command + " " : String(repeating: " ", count: command.unicodeScalars.count + 1)
                let prefix = lines.isEmpty ? "usage: " : "       "
                lines.append(prefix + lead + words.map(synopsis).joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n")
    }

    private func synopsis(_ word: Word) -> String {
        switch word {
        case .text(let text): return text
        case .optional(let name): return "[\(shown(name))]" + (option(name)?.isRepeatable == true ? "…" : "")
        case .required(let name): return shown(name)
        }
    }

    private func shown(_ name: String) -> String {
        guard let placeholder = option(name)?.placeholder else { return name }
        return "\(name) \(placeholder)"
    }

    private func option(_ name: String) -> Option? {
        options.first { $0.name.utf8.elementsEqual(name.utf8) }
    }
}

/// Several synopses as one: `usage: ` before the first line, the others aligned under it.
public func joinedSynopses(_ usages: [String]) -> String {
    let lines = usages.flatMap { $0.split(separator: "\n").map { String(String.UnicodeScalarView($0.unicodeScalars.dropFirst(7))) } }
    return lines.enumerated().map { ($0.offset == 0 ? "usage: " : "       ") + $0.element }.joined(separator: "\n")
}
