import Foundation

enum LintCommand {
    static func run(_ arguments: [String], console: Console) -> Int32 {
        console.err("vitrine lint: not built yet")
        return 2
    }
}
