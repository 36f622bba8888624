// Declarations of the UIKit API FlowHostingController builds on, copied from Apple's
// documentation (the path after developer.apple.com/documentation/ above each). Linux only;
// never run. NSObject and NSCoder are Foundation's on Linux.
#if os(Linux)
import Foundation

// uikit/uiresponder
@MainActor @preconcurrency open class UIResponder: NSObject {}

// uikit/uiviewcontroller
@MainActor @preconcurrency open class UIViewController: UIResponder {
    // uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError() }
    // uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) { fatalError() }
}
#endif
