// Declarations of SwiftUI's app structure and previews, copied from Apple's documentation
// (the path after developer.apple.com/documentation/ above each). Linux only; never run.
//
// The pages are the Xcode 27 SDK's and write `@ContentBuilder`; the iOS 18 form,
// `@ViewBuilder`, is declared. App.main() is not declared: the example's entry point that
// calls it is compiled on iOS only.
#if os(Linux)
import Foundation

// swiftui/app
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol App {
    // swiftui/app/body-swift.associatedtype
    associatedtype Body: Scene
    // swiftui/app/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    // swiftui/app/init()
    @MainActor @preconcurrency init()
}

// swiftui/scene
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol Scene {
    // swiftui/scene/body-swift.associatedtype
    associatedtype Body: Scene
    // swiftui/scene/body-swift.property
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// Never is the Body of the primitive scene below, as it is for the primitive views
// (View.swift); the conformance has no page of its own.
@available(iOS 14.0, macOS 11.0, *)
extension Never: Scene {}

// swiftui/scenebuilder
@available(iOS 14.0, macOS 11.0, *)
@resultBuilder public struct SceneBuilder {
    // swiftui/scenebuilder/buildblock(_:) (the page's overload-group member, the Xcode 27 form)
    public static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene where repeat each Content: Scene { declared(WindowGroup<EmptyView>.self) }
}

// swiftui/windowgroup (main-actor through Scene in the iOS 18 SDK)
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public struct WindowGroup<Content>: Scene where Content: View {
    // swiftui/windowgroup/init(content:) (the Xcode 27 page marks it deprecated from iOS 18 in
    // favour of init(makeContent:); both take the trailing closure our app passes)
    nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }
    // swiftui/windowgroup/init(makecontent:) (the page writes @ContentBuilder, the Xcode 27
    // alias of ViewBuilder)
    nonisolated public init(@ViewBuilder makeContent: @escaping () -> Content) { fatalError() }
    public typealias Body = Never
    // `return`: keeps the requirement's @SceneBuilder from applying to this stub.
    public var body: Never { return fatalError() }
}

// swiftui/_previewprovider (underscored: what PreviewProvider refines, with no page of its own
// and no requirement our previews meet)
public protocol _PreviewProvider {}

// swiftui/previewprovider
@MainActor @preconcurrency public protocol PreviewProvider: _PreviewProvider {
    // swiftui/previewprovider/previews-swift.associatedtype
    associatedtype Previews: View
    // swiftui/previewprovider/previews-swift.type.property
    @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}

extension View {
    // swiftui/view/previewdisplayname(_:)
    nonisolated public func previewDisplayName(_ value: String?) -> some View { declared(EmptyView.self) }
}
#endif
