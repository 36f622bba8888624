import Foundation

enum DecodeBench {
    static func run(_ arguments: [String], console: Console) -> Int32 {
        console.err("vitrine bench decode: not built yet")
        return 2
    }
}
