import Foundation

enum ImagesBench {
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        console.err("vitrine bench images: not built yet")
        return 2
    }
}
