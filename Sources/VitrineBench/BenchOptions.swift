import CommandLineSupport

/// How every benchmark reads its options: one `OptionParser` each, its refusal said as
/// `vitrine bench NAME: …` with the benchmark's synopsis, status 2.
enum BenchOptions {
    /// `--NAME N`: a whole number of `range`.
    static func count<Options>(
        _ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, _ set: @escaping (inout Options, Int) -> Void
    ) -> OptionParser<Options>.Option {
        .value(name, placeholder) { options, text throws(UsageError) in
            guard let value = Int(text), range.contains(value) else {
                throw UsageError("\(name) '\(TerminalText.excerpt(text))' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            set(&options, value)
        }
    }

    /// `arguments` applied to `initial`, or nil once the refusal (or the synopsis, for
    /// `--help`) is written; `status` is then the exit status.
    static func parse<Options>(
        _ arguments: [String], into initial: Options, with syntax: OptionParser<Options>, console: Console, status: inout Int32
    ) -> Options? {
        do {
            let parsed = try syntax.parse(arguments, into: initial)
            guard !parsed.isHelp else {
                console.out(syntax.usage)
                status = 0
                return nil
            }
            return parsed.options
        } catch {
            console.err("\(syntax.command): \(error.message)\n\(syntax.usage)")
            status = 2
            return nil
        }
    }
}
