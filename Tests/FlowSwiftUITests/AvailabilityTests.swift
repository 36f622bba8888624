import Foundation
import Testing

/// No SwiftUI source, retail view or example file uses an API introduced after the package's
/// deployment targets outside a context that guarantees it (`if #available`, `guard
/// #available`, `@available`): the check Xcode makes and Linux does not.
@Suite struct AvailabilityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func swiftFiles(under path: String) -> [URL] {
        let files = FileManager.default.enumerator(at: root.appendingPathComponent(path), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return files.sorted { $0.path < $1.path }
    }

    /// The deployment targets Package.swift names (`.iOS(.v18)`, `.macOS(.v15)`).
    static func deployment() throws -> AvailabilityChecker.Platforms {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let iOS = try #require(manifest.firstMatch(of: /\.iOS\(\.v(\d+)\)/)).output.1
        let macOS = try #require(manifest.firstMatch(of: /\.macOS\(\.v(\d+)\)/)).output.1
        return AvailabilityChecker.Platforms(
            iOS: .init(major: Int(iOS) ?? 0, minor: 0), macOS: .init(major: Int(macOS) ?? 0, minor: 0))
    }

    @Test func noSourceUsesAnAPINewerThanTheDeploymentTargetsUnguarded() throws {
        let declarations = try Self.swiftFiles(under: "Sources/AppleDeclarations").map { try String(contentsOf: $0, encoding: .utf8) }
        let checker = AvailabilityChecker(declarationSources: declarations)
        #expect(checker.declared.count > 200, "the declarations were read (\(checker.declared.count) names)")
        let deployment = try Self.deployment()
        #expect(deployment.iOS == .init(major: 18, minor: 0) && deployment.macOS == .init(major: 15, minor: 0))
        var violations: [String] = []
        var files = 0
        for path in ["Sources/FlowSwiftUI", "Sources/RetailSwiftUI", "Examples/VitrineShop.swiftpm/App"] {
            for file in Self.swiftFiles(under: path) {
                files += 1
                let name = String(file.path.dropFirst(Self.root.path.count + 1))
                violations += checker.violations(in: try String(contentsOf: file, encoding: .utf8), file: name, deployment: deployment)
            }
        }
        #expect(files > 40)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    // MARK: - The checker itself

    static let declarations = """
        // swiftui/view
        public protocol View {}
        @available(iOS 26.0, macOS 26.0, *)
        extension View {
            // swiftui/view/glasseffect(_:in:)
            nonisolated public func glassEffect(_ glass: Glass = .regular) -> some View { declared(EmptyView.self) }
        }
        // swiftui/glass
        @available(iOS 26.0, macOS 26.0, *)
        public struct Glass {
            public static var regular: Glass { fatalError() }
        }
        extension View {
            public func padding(_ length: CGFloat) -> some View { declared(EmptyView.self) }
            @available(iOS 26.0, macOS 26.0, *)
            public func padding(glass: Glass) -> some View { declared(EmptyView.self) }
            @available(iOS 17.0, macOS 14.0, *)
            public func onChange(of value: Int, initial: Bool) -> some View { declared(EmptyView.self) }
        }
        public struct Text: View {
            public init(verbatim content: String) {}
            @available(iOS 26.0, macOS 26.0, *)
            public init(glass: Glass) {}
        }
        """

    static func violations(_ source: String) -> [String] {
        AvailabilityChecker(declarationSources: [declarations]).violations(
            in: source, file: "Fixture.swift", deployment: .init(iOS: .init(major: 18, minor: 0), macOS: .init(major: 15, minor: 0)))
    }

    @Test(arguments: [
        "var body: some View { Text(verbatim: \"a\").glassEffect() }",
        "var body: some View { if #available(iOS 26.0, *) { Text(verbatim: \"a\").glassEffect() } }",
        "var body: some View { if #available(iOS 17.0, macOS 14.0, *) { Text(verbatim: \"a\").glassEffect() } }",
        "var body: some View { if #available(iOS 26.0, macOS 26.0, *) { } else { Text(verbatim: \"a\").glassEffect() } }",
        "var body: some View { Text(verbatim: \"a\").padding(glass: .regular) }",
        "var body: some View { Text(glass: .regular) }",
        "let style = Glass.regular",
    ])
    func aNewerAPIOutsideAGuardIsFound(source: String) {
        #expect(!Self.violations(source).isEmpty, "\(source)")
    }

    @Test(arguments: [
        "var body: some View { if #available(iOS 26.0, macOS 26.0, *) { Text(verbatim: \"a\").glassEffect() } }",
        "var body: some View { if #available(iOS 26, macOS 26, *), true { Text(verbatim: \"a\").glassEffect() } }",
        "@available(iOS 26.0, macOS 26.0, *)\nstruct Toast: View {\n    var body: some View { Text(verbatim: \"a\").glassEffect() }\n}",
        "func draw() {\n    guard #available(iOS 26.0, macOS 26.0, *) else { return }\n    _ = Text(verbatim: \"a\").glassEffect()\n}",
        "var body: some View { Text(verbatim: \"glassEffect() in a string\").padding(8) } // glassEffect() in a comment",
        "var body: some View { Text(verbatim: \"a\").onChange(of: 1, initial: true) }",
        "/* Glass.regular */ var body: some View { Text(verbatim: \"\"\"\n    .glassEffect()\n    \"\"\") }",
    ])
    func aGuardedOrOlderUseIsNot(source: String) {
        #expect(Self.violations(source).isEmpty, "\(Self.violations(source))")
    }

    @Test func aViolationNamesTheFileTheLineAndWhatItNeeds() throws {
        let found = Self.violations("struct A: View {\n    var body: some View {\n        Text(verbatim: \"a\").glassEffect()\n    }\n}")
        #expect(found == ["Fixture.swift:3: glassEffect needs iOS 26.0, macOS 26.0, used where iOS 18.0, macOS 15.0 is all that is known"])
    }
}
