import CommandLineSupport
import Foundation
import PageGenerator

/// `vitrine bench page [--sections N] [--widgets N] [--faults RATE] [--seed S]`: prints the
/// page the benchmarks generate, so that scripts (fuzz seeds, schema checks) use the same bytes.
enum PageCommand {
    static let usage = BenchProgram.pageUsage

    static func run(_ arguments: [String], console: Console) -> Int32 {
        var generator = PageGenerator()
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            let value = remaining.popFirst()
            switch flag {
            case "--sections": if let count = value.flatMap(Int.init), count >= 0 { generator.sections = count; continue }
            case "--widgets": if let count = value.flatMap(Int.init), count >= 0 { generator.widgetsPerSection = count; continue }
            case "--faults": if let rate = value.flatMap(Double.init), (0...1).contains(rate) { generator.faultRate = rate; continue }
            case "--seed": if let seed = value.flatMap(UInt64.init) { generator.seed = seed; continue }
            default: break
            }
            console.err("vitrine bench page: bad option '\(TerminalText.sanitized(flag))'\n\(usage)")
            return 2
        }
        console.out(String(decoding: generator.bytes(), as: UTF8.self))
        return 0
    }
}
