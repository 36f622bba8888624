// Declarations of SwiftUI's UIKit hosting controller, copied from Apple's documentation (the
// path after developer.apple.com/documentation/ above each). Linux only; never run.
#if os(Linux)
import Foundation
import UIKitDeclarations

// swiftui/uihostingcontroller
@MainActor @preconcurrency open class UIHostingController<Content>: UIViewController where Content: View {
    // swiftui/uihostingcontroller/init(rootview:)
    @MainActor @preconcurrency public init(rootView: Content) { fatalError() }
    // swiftui/uihostingcontroller/init(coder:rootview:)
    @MainActor @preconcurrency public init?(coder aDecoder: NSCoder, rootView: Content) { fatalError() }
    // swiftui/uihostingcontroller/init(coder:)
    @MainActor @preconcurrency public required init?(coder aDecoder: NSCoder) { fatalError() }
    // swiftui/uihostingcontroller/rootview
    @MainActor @preconcurrency public var rootView: Content {
        get { fatalError() }
        set { fatalError() }
    }
}
#endif
