// Declarations of Apple's Accessibility framework (not SwiftUI: the page's framework is
// "Accessibility"), copied from Apple's documentation (the path after
// developer.apple.com/documentation/ above each). Linux only; never run.
#if os(Linux)
import Foundation

// accessibility/accessibilitynotification (UNVERIFIED: the page itself is not in the stored
// documentation, its Announcement member's pages are; declared as the namespace they name,
// `AccessibilityNotification.Announcement`, without cases)
@available(iOS 17.0, macOS 14.0, *)
public enum AccessibilityNotification {
    // accessibility/accessibilitynotification/announcement
    public struct Announcement {
        // accessibility/accessibilitynotification/announcement/init(_:)-46byj (NSAttributedString;
        // the String overload's page is not stored, so our code announces through this one)
        public init(_ announcement: NSAttributedString) { fatalError() }
        // accessibility/accessibilitynotification/announcement/post()
        public func post() { fatalError() }
    }
}
#endif
