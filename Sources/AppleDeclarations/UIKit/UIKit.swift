// Declarations of the UIKit classes UIHostingController builds on, copied from Apple's
// documentation (the path after developer.apple.com/documentation/ above each). Linux only;
// never run. NSObject and NSCoder are Foundation's on Linux.
//
// DocC writes these as `@MainActor class`; they are Objective-C classes, which Swift imports
// as `open`, and `open` is what lets UIHostingController, in another module, subclass them.
// Only the classes are declared: none of their members is used by our code.
#if os(Linux)
import Foundation

// uikit/uiresponder (PARTLY: `@MainActor class UIResponder` was read; its superclass, NSObject, is
// not in the stored excerpt of the page)
@MainActor open class UIResponder: NSObject {}

// uikit/uiviewcontroller (`@MainActor class UIViewController`, a UIResponder)
@MainActor open class UIViewController: UIResponder {}
#endif
