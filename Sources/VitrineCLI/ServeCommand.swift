import Foundation

/// `vitrine serve`: the home backend over HTTP (backend issue).
enum ServeCommand {
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        console.err("vitrine serve: not built yet")
        return 2
    }
}
