// Declarations of SwiftUI's app structure and previews, copied from Apple's documentation
// (the path after developer.apple.com/documentation/ above each). Linux only; never run.
#if os(Linux)
import Foundation

// swiftui/app
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    // swiftui/app/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    // swiftui/app/init()
    @MainActor @preconcurrency init()
}

extension App {
    // swiftui/app/main()
    @MainActor @preconcurrency public static func main() { fatalError() }
}

// swiftui/scene
@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    // swiftui/scene/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

// swiftui/scenebuilder
@resultBuilder public struct SceneBuilder {
    // swiftui/scenebuilder/buildexpression(_:)
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: Scene { fatalError() }
    // swiftui/scenebuilder/buildblock(_:)
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene { fatalError() }
}

// swiftui/windowgroup
public struct WindowGroup<Content>: Scene where Content: View {
    // swiftui/windowgroup/init(content:)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

// swiftui/_previewprovider (what PreviewProvider refines; it has no requirement of its own)
public protocol _PreviewProvider {}

// swiftui/previewprovider
@MainActor @preconcurrency public protocol PreviewProvider: _PreviewProvider {
    associatedtype Previews: View
    // swiftui/previewprovider/previews-swift.type.property
    @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}

extension View {
    // swiftui/view/previewdisplayname(_:)
    nonisolated public func previewDisplayName(_ value: String?) -> some View { fatalError() }
}
#endif
