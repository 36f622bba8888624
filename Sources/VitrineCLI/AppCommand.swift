import Foundation

/// `vitrine app`: the terminal client. Until the terminal renderer lands it lints the
/// bundled example page, so `make demo` shows what a client would keep of it.
enum AppCommand {
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        console.err("vitrine app: the terminal app is not built yet; try 'vitrine lint Examples/home.json'")
        return 2
    }
}
