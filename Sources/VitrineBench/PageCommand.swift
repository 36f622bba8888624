import CommandLineSupport
import Foundation
import PageGenerator

/// `vitrine bench page [--sections N] [--widgets N] [--faults RATE] [--seed S]`: prints the
/// page the benchmarks generate, so that scripts (fuzz seeds, schema checks) use the same bytes.
enum PageCommand {
    /// The generator's knobs, and the synopsis `vitrine --help` shows (`BenchProgram.pageUsage`).
    static var syntax: OptionParser<PageGenerator> {
        OptionParser(
            command: "vitrine bench page",
            options: [
                .number("--sections", in: 0...100_000) { $0.sections = $1 },
                .number("--widgets", in: 0...100_000) { $0.widgetsPerSection = $1 },
                .value("--faults", "RATE") { generator, text throws(UsageError) in
                    guard let rate = Double(text), (0...1).contains(rate) else {
                        throw UsageError("--faults '\(TerminalText.excerpt(text))' is not a rate from 0 to 1")
                    }
                    generator.faultRate = rate
                },
                .value("--seed", "S") { generator, text throws(UsageError) in
                    guard let seed = UInt64(text) else { throw UsageError("--seed '\(TerminalText.excerpt(text))' is not a whole number from 0 to \(UInt64.max)") }
                    generator.seed = seed
                },
            ],
            forms: [[[.optional("--sections"), .optional("--widgets"), .optional("--faults"), .optional("--seed")]]])
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        var status: Int32 = 0
        guard let generator = BenchOptions.parse(arguments, into: PageGenerator(), with: syntax, console: console, status: &status) else {
            return status
        }
        console.out(String(decoding: generator.bytes(), as: UTF8.self))
        return 0
    }
}
