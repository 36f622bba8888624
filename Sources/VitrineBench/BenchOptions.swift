import CommandLineSupport

/// How every benchmark reads its options: one `OptionParser` each, its refusal said as
/// `vitrine bench NAME: …` with the benchmark's synopsis, status 2.
enum BenchOptions {
    /// `arguments` applied to `initial` and `checked` (what goes together), or nil once the refusal (or the synopsis, for
    /// `--help`) is written; `status` is then the exit status.
    static func parse<Options>(
        _ arguments: [String], into initial: Options, with syntax: OptionParser<Options>, console: Console, status: inout Int32,
        checked: (Options) throws(UsageError) -> Options = { $0 }
    ) -> Options? {
        do {
            let parsed = try syntax.parse(arguments, into: initial)
            guard !parsed.isHelp else {
                console.out(syntax.usage)
                status = 0
                return nil
            }
            return try checked(parsed.options)
        } catch {
            console.err("\(syntax.command): \(error.message)\n\(syntax.usage)")
            status = 2
            return nil
        }
    }
}
