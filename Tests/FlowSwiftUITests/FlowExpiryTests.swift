import Foundation
import Testing

/// The SwiftUI views resolve pages at the runtime's `ExpiryClock` (`EvaluationContext.flow`),
/// as the terminal does: none reads the wall clock on its own, which would keep an expired
/// section on screen until something else redraws it. (The views cannot run here; their
/// sources are what can be checked.)
@Suite struct FlowExpiryTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test(arguments: ["FlowSwiftUI", "RetailSwiftUI"])
    func noViewTakesTheInstantButThroughTheExpiryClock(module: String) throws {
        let files = FileManager.default.enumerator(at: Self.sources.appendingPathComponent(module), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(!files.isEmpty)
        var readers: [String] = []
        for file in files where file.lastPathComponent != "FlowExpiry.swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("now: Date()") || line.contains("EvaluationContext(client:") {
                readers.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(readers.isEmpty, "resolve with EvaluationContext.flow(client:expiry:):\n\(readers.joined(separator: "\n"))")
    }
}
