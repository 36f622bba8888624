import Foundation

/// `vitrine render`: one frame of a page as the terminal client draws it (terminal renderer issue).
enum RenderCommand {
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        console.err("vitrine render: the terminal renderer is not built yet")
        return 2
    }
}
