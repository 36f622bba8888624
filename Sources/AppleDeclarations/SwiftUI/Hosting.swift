// Declarations of SwiftUI's UIKit hosting controller, copied from Apple's documentation (the
// path after developer.apple.com/documentation/ above each). Linux only; never run.
#if os(Linux)
import Foundation
import UIKitDeclarations

// swiftui/uihostingcontroller (`@MainActor @preconcurrency class UIHostingController<Content>
// where Content : View`. DocC writes neither the superclass nor `open`: UIViewController is
// the superclass (the page's "Inherits From"), and `open` is what lets FlowHostingController,
// in another module, subclass it, as apps do.)
@MainActor @preconcurrency open class UIHostingController<Content>: UIViewController where Content: View {
    // swiftui/uihostingcontroller/init(rootview:)
    @MainActor @preconcurrency public init(rootView: Content) { fatalError() }
    // swiftui/uihostingcontroller/init(coder:) (`dynamic` is Objective-C dispatch, which Linux
    // has not; it changes nothing a caller writes)
    @MainActor @preconcurrency public required init?(coder aDecoder: NSCoder) { fatalError() }
}
#endif
