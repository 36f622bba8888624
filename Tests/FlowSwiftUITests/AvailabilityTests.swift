import Foundation
import Testing

/// No SwiftUI source, retail view or example file uses an API introduced after the package's
/// deployment targets outside a context that guarantees it (`if #available`, `guard
/// #available`, `@available`): the check Xcode makes and Linux does not. What is newer comes
/// from Sources/AppleDeclarations, the checker's list of standard-library API, and the checked
/// sources' own `@available` declarations; the rules are `AvailabilityChecker`'s.
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

    /// The Apple-only sources, and the image pipeline (which calls newer Concurrency API under
    /// `#available`).
    static let checkedDirectories = ["Sources/FlowSwiftUI", "Sources/RetailSwiftUI", "Examples/VitrineShop.swiftpm/App", "Sources/ImagePipeline"]

    @Test func noSourceUsesAnAPINewerThanTheDeploymentTargetsUnguarded() throws {
        let checked = try Self.checkedDirectories.flatMap(Self.swiftFiles(under:)).map { file in
            (name: String(file.path.dropFirst(Self.root.path.count + 1)), text: try String(contentsOf: file, encoding: .utf8))
        }
        let apple = try Self.swiftFiles(under: "Sources/AppleDeclarations").map { try String(contentsOf: $0, encoding: .utf8) }
        // The checked sources' own `@available` declarations count as Apple's do.
        let checker = AvailabilityChecker(declarationSources: apple + checked.map(\.text))
        #expect(checker.declared.count > 200, "the declarations were read (\(checker.declared.count) names)")
        let deployment = try Self.deployment()
        #expect(deployment.iOS == .init(major: 18, minor: 0) && deployment.macOS == .init(major: 15, minor: 0))
        #expect(checked.count > 40)
        let violations = checked.flatMap { checker.violations(in: $0.text, file: $0.name, deployment: deployment) }
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
        // An old type with a newer initialiser that takes only a view builder.
        public struct Label: View {
            public init(verbatim title: String) {}
            @available(iOS 26.0, macOS 26.0, *)
            public init(@ViewBuilder content: () -> Text) {}
        }
        """

    /// The violations in `source`, whose own declarations are read as the checked sources' are.
    static func violations(_ source: String) -> [String] {
        AvailabilityChecker(declarationSources: [declarations, source]).violations(
            in: source, file: "Fixture.swift", deployment: .init(iOS: .init(major: 18, minor: 0), macOS: .init(major: 15, minor: 0)))
    }

    /// Whether a use of `name` in `source` is reported.
    static func reports(_ name: String, in source: String) -> Bool {
        violations(source).contains { $0.contains(": \(name) needs ") }
    }

    @Test(arguments: [
        "var body: some View { Text(verbatim: \"a\").glassEffect() }",
        "var body: some View {\n    Text(verbatim: \"a\")\n        .padding(8)\n        .glassEffect()\n}",
        "var body: some View { Text(verbatim: \"a\").onAppear { _ = Text(verbatim: \"b\").glassEffect() } }",
        "var body: some View { Text(verbatim: \"a\").padding(glass: .regular) }",
        "var body: some View { Text(verbatim: \"a\").padding(\n    glass: .regular) }",
        "var body: some View { Text(glass: .regular) }",
        "let style = Glass.regular",
        "func f(_ g: Glass) {}",
        "func f<T>(_ t: T) where T == Glass {}",
        "struct S { var g: [Glass] = [] }",
        "struct S { @Glass var x: Int }",
    ])
    func aNewerAPIOutsideAGuardIsFound(source: String) {
        #expect(!Self.violations(source).isEmpty, "\(source)")
    }

    @Test(arguments: [
        "var body: some View { if #available(iOS 26.0, *) { Text(verbatim: \"a\").glassEffect() } }",
        "var body: some View { if #available(iOS 17.0, macOS 14.0, *) { Text(verbatim: \"a\").glassEffect() } }",
        "var body: some View { if #available(iOS 26.0, macOS 26.0, *) { } else { Text(verbatim: \"a\").glassEffect() } }",
        "var body: some View { if #available(iOS 26.0, macOS 26.0, *) { } else if true { Text(verbatim: \"a\").glassEffect() } }",
        "var body: some View { if #unavailable(iOS 26.0, macOS 26.0) { Text(verbatim: \"a\").glassEffect() } }",
        "@available(iOS 26.0, *)\nextension Text {\n    func g() -> some View { glassEffect() }\n}",
    ])
    func aCheckThatDoesNotCoverTheUseRaisesNothing(source: String) {
        #expect(!Self.violations(source).isEmpty, "\(source)")
    }

    @Test(arguments: [
        "var body: some View { if #available(iOS 26.0, macOS 26.0, *) { Text(verbatim: \"a\").glassEffect() } }",
        "var body: some View { if #available(iOS 26, macOS 26, *), true { Text(verbatim: \"a\").glassEffect() } }",
        "@available(iOS 26.0, macOS 26.0, *)\nstruct Toast: View {\n    var body: some View { Text(verbatim: \"a\").glassEffect() }\n}",
        "@available(iOS 26.0, macOS 26.0, *)\nextension Text {\n    func g() -> some View { glassEffect() }\n}",
        "@available(iOS 26.0, macOS 26.0, *)\nfunc tinted(_ glass: Glass) -> Glass { glass }",
        "func draw() {\n    guard #available(iOS 26.0, macOS 26.0, *) else { return }\n    _ = Text(verbatim: \"a\").glassEffect()\n}",
        "var body: some View { Text(verbatim: \"glassEffect() in a string\").padding(8) } // glassEffect() in a comment",
        "var body: some View { Text(verbatim: \"a\").onChange(of: 1, initial: true) }",
        "/* Glass.regular */ var body: some View { Text(verbatim: \"\"\"\n    .glassEffect()\n    \"\"\") }",
        "var body: some View { Text(verbatim: #\"glassEffect() \"Glass\" \\(Glass.regular)\"#) }",
    ])
    func aGuardedOrOlderUseIsNot(source: String) {
        #expect(Self.violations(source).isEmpty, "\(Self.violations(source))")
    }

    @Test func aViolationNamesTheFileTheLineAndWhatItNeeds() throws {
        let found = Self.violations("struct A: View {\n    var body: some View {\n        Text(verbatim: \"a\").glassEffect()\n    }\n}")
        #expect(found == ["Fixture.swift:3: glassEffect needs iOS 26.0, macOS 26.0, used where iOS 18.0, macOS 15.0 is all that is known"])
    }

    // MARK: Guards: the rest of the scope is raised, the else-block is not

    @Test(arguments: [
        "func draw() -> Text {\n    guard #available(iOS 26.0, macOS 26.0, *) else { _ = Text(verbatim: \"a\").glassEffect(); return Text(verbatim: \"\") }\n    return Text(verbatim: \"b\")\n}",
        "func draw(ok: Bool) {\n    guard ok, #available(iOS 26.0, macOS 26.0, *) else { _ = Text(verbatim: \"a\").glassEffect(); return }\n}",
    ])
    func theElseBlockOfAGuardAvailableIsNotRaised(source: String) {
        #expect(Self.reports("glassEffect", in: source), "\(source)")
    }

    @Test func theRestOfTheScopeAfterAGuardWithSeveralConditionsIsRaised() {
        let source = "func draw(ok: Bool) {\n    guard ok, #available(iOS 26.0, macOS 26.0, *) else { return }\n    _ = Text(verbatim: \"a\").glassEffect()\n}"
        #expect(Self.violations(source).isEmpty, "\(Self.violations(source))")
    }

    // MARK: #unavailable: the code after a failed check is raised, when the check is alone

    @Test(arguments: [
        "func draw() {\n    if #unavailable(iOS 26.0, macOS 26.0) { return } else { _ = Text(verbatim: \"a\").glassEffect() }\n}",
        "func draw(ok: Bool) {\n    if #unavailable(iOS 26.0, macOS 26.0) { return } else if ok { _ = Text(verbatim: \"a\").glassEffect() } else { _ = Text(verbatim: \"b\").glassEffect() }\n}",
        "func draw() {\n    guard #unavailable(iOS 26.0, macOS 26.0) else { _ = Text(verbatim: \"a\").glassEffect(); return }\n}",
    ])
    func theElseOfAnUnavailableCheckIsRaised(source: String) {
        #expect(Self.violations(source).isEmpty, "\(Self.violations(source))")
    }

    @Test(arguments: [
        "func draw(ok: Bool) {\n    if #unavailable(iOS 26.0, macOS 26.0), ok { return } else { _ = Text(verbatim: \"a\").glassEffect() }\n}",
        "func draw(ok: Bool) {\n    guard ok, #unavailable(iOS 26.0, macOS 26.0) else { _ = Text(verbatim: \"a\").glassEffect(); return }\n}",
        "func draw() {\n    guard #unavailable(iOS 26.0, macOS 26.0) else { return }\n    _ = Text(verbatim: \"a\").glassEffect()\n}",
    ])
    func codeWhereAnUnavailableCheckMayHaveHeldIsNotRaised(source: String) {
        #expect(Self.reports("glassEffect", in: source), "\(source)")
    }

    // MARK: An @available ends with a declaration that has no body

    @Test(arguments: [
        "protocol Styled {\n    @available(iOS 26.0, macOS 26.0, *)\n    func styled() -> Int\n}\nstruct A: View {\n    var body: some View { Text(verbatim: \"a\").glassEffect() }\n}",
        "enum Look {\n    case plain\n    @available(iOS 26.0, macOS 26.0, *)\n    case glass\n    var view: some View { Text(verbatim: \"a\").glassEffect() }\n}",
        "struct Card: View {\n    @available(iOS 26.0, macOS 26.0, *)\n    static let glass = Glass.regular\n    var body: some View { Text(verbatim: \"a\").glassEffect() }\n}",
    ])
    func anAvailableOnADeclarationWithoutABodyEndsWithIt(source: String) {
        #expect(Self.reports("glassEffect", in: source), "\(source)")
    }

    // MARK: Initialisers and calls

    @Test func anInitialiserCalledThroughInitIsResolved() {
        #expect(Self.reports("init", in: "func make(style: Styles) -> Text { .init(glass: style.current) }"))
        #expect(Self.reports("Text.init", in: "func make(style: Styles) -> Text { Text.init(glass: style.current) }"))
    }

    @Test(arguments: [
        "var body: some View { Label { Text(verbatim: \"a\") } }",
        "var body: some View { Label(content: { Text(verbatim: \"a\") }) }",
    ])
    func aCallMeansTheOverloadsItFitsByLabelsAndTrailingClosures(source: String) {
        #expect(Self.reports("Label", in: source), "\(source)")
    }

    @Test(arguments: [
        "var body: some View { Label(verbatim: \"a\") }",
        "var body: some View { Text.init(verbatim: \"a\").padding(8) }",
        "func make() -> Text { .init(verbatim: \"a\") }",
    ])
    func aCallOfAnOlderOverloadIsNot(source: String) {
        #expect(Self.violations(source).isEmpty, "\(Self.violations(source))")
    }

    // MARK: What else counts as a declaration or a use

    @Test func thePackagesOwnAvailableDeclarationsAreChecked() {
        let toast = "@available(iOS 26.0, macOS 26.0, *)\nstruct GlassToast: View {\n    let message: String\n    var body: some View { Text(verbatim: message).glassEffect() }\n}\n"
        #expect(Self.reports("GlassToast", in: toast + "struct Page: View {\n    var body: some View { GlassToast(message: \"a\") }\n}"))
        #expect(Self.violations(toast + "struct Page: View {\n    var body: some View { if #available(iOS 26.0, macOS 26.0, *) { GlassToast(message: \"a\") } }\n}").isEmpty)
        // A member is gated by its type: its name alone is no use of the type.
        #expect(Self.violations(toast + "func show(message: String) -> Text { Text(verbatim: message) }").isEmpty)
    }

    @Test(arguments: [
        "var body: some View { Text(verbatim: \"\\(Glass.regular)\") }",
        "var body: some View { Text(verbatim: \"glass: \\(String(describing: Glass.regular)).\") }",
        "var body: some View { Text(verbatim: #\"\\#(Glass.regular)\"#) }",
    ])
    func codeInAStringInterpolationIsChecked(source: String) {
        #expect(Self.reports("Glass", in: source), "\(source)")
    }

    /// `Task.escalatePriority(to:)` (iOS 26, macOS 26) is in the standard library, which no
    /// module here declares: the checker's own list gives its availability.
    @Test func newerStandardLibraryAPIIsChecked() throws {
        let apple = try Self.swiftFiles(under: "Sources/AppleDeclarations").map { try String(contentsOf: $0, encoding: .utf8) }
        let checker = AvailabilityChecker(declarationSources: apple)
        let deployment = try Self.deployment()
        let unguarded = "func raise(_ task: Task<Void, Never>) {\n    task.escalatePriority(to: .high)\n}"
        #expect(checker.violations(in: unguarded, file: "X.swift", deployment: deployment)
            == ["X.swift:2: escalatePriority needs iOS 26.0, macOS 26.0, used where iOS 18.0, macOS 15.0 is all that is known"])
        let guarded = "func raise(_ task: Task<Void, Never>) {\n    if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {\n        task.escalatePriority(to: .high)\n    }\n}"
        #expect(checker.violations(in: guarded, file: "X.swift", deployment: deployment).isEmpty)
    }
}
