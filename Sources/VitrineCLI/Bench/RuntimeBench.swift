import Foundation

enum RuntimeBench {
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        console.err("vitrine bench runtime: not built yet")
        return 2
    }
}
