import Foundation

enum ServeBench {
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        console.err("vitrine bench serve: not built yet")
        return 2
    }
}
