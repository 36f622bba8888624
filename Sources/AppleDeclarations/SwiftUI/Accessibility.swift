// Declarations of SwiftUI's accessibility modifiers and the values they take, copied from
// Apple's documentation (the path after developer.apple.com/documentation/ above each). Linux
// only; never run. (AccessibilityNotification is the Accessibility framework's: see
// ../Accessibility.)
//
// The pages are the Xcode 27 SDK's (`nonisolated struct AccessibilityAttachmentModifier`,
// `@ContentBuilder`); the iOS 18 form is declared (main-actor through ViewModifier,
// `@ViewBuilder`). Structs the pages show no Sendable conformance for keep their static lets
// `nonisolated(unsafe)`.
#if os(Linux)
import Foundation

// swiftui/accessibilityattachmentmodifier
@MainActor @preconcurrency public struct AccessibilityAttachmentModifier: ViewModifier {
    public typealias Body = Never
    // witness: swiftui/viewmodifier/body(content:) (a modifier the framework applies itself)
    public func body(content: Content) -> Never { fatalError() }
}

extension View {
    // swiftui/view/accessibilityelement(children:)
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { declared(EmptyView.self) }
    // swiftui/view/accessibilitylabel(_:) (the Text overload; UNVERIFIED: its page is not in the
    // stored documentation; declared as its Text siblings accessibilityValue(_:)-z9mo and
    // accessibilityHint(_:)-3rdgs are, iOS 14, returning the attachment's ModifiedContent)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
    // swiftui/view/accessibilityvalue(_:)-z9mo (Text)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityValue(_ valueDescription: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
    // swiftui/view/accessibilityhint(_:)-3rdgs (Text)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityHint(_ hint: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
    // swiftui/view/accessibilityaddtraits(_:)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
    // swiftui/view/accessibilityhidden(_:)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
    // swiftui/view/accessibilityaction(_:_:)
    nonisolated public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
    // swiftui/view/accessibilityactions(_:)
    @available(iOS 16.0, macOS 13.0, *)
    nonisolated public func accessibilityActions<Content>(@ViewBuilder _ content: () -> Content) -> some View where Content: View { declared(EmptyView.self) }
    // swiftui/view/accessibilityadjustableaction(_:)
    nonisolated public func accessibilityAdjustableAction(_ handler: @escaping (AccessibilityAdjustmentDirection) -> Void) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
}

// swiftui/accessibilitychildbehavior
public struct AccessibilityChildBehavior {
    // swiftui/accessibilitychildbehavior/ignore
    nonisolated(unsafe) public static let ignore: AccessibilityChildBehavior = { fatalError() }()
    // swiftui/accessibilitychildbehavior/contain
    nonisolated(unsafe) public static let contain: AccessibilityChildBehavior = { fatalError() }()
    // swiftui/accessibilitychildbehavior/combine
    nonisolated(unsafe) public static let combine: AccessibilityChildBehavior = { fatalError() }()
}

// swiftui/accessibilitytraits (the page's relationships are not in the stored excerpt: no
// SetAlgebra or Sendable is claimed; our code uses the single traits only)
public struct AccessibilityTraits {
    // swiftui/accessibilitytraits/isbutton
    nonisolated(unsafe) public static let isButton: AccessibilityTraits = { fatalError() }()
    // swiftui/accessibilitytraits/isheader (as isButton: the topic list names it)
    nonisolated(unsafe) public static let isHeader: AccessibilityTraits = { fatalError() }()
    // swiftui/accessibilitytraits/islink (as isButton)
    nonisolated(unsafe) public static let isLink: AccessibilityTraits = { fatalError() }()
    // swiftui/accessibilitytraits/isimage (as isButton: the topic list names it)
    nonisolated(unsafe) public static let isImage: AccessibilityTraits = { fatalError() }()
    // swiftui/accessibilitytraits/isstatictext (as isButton)
    nonisolated(unsafe) public static let isStaticText: AccessibilityTraits = { fatalError() }()
    // swiftui/accessibilitytraits/issearchfield (as isButton)
    nonisolated(unsafe) public static let isSearchField: AccessibilityTraits = { fatalError() }()
}

// swiftui/accessibilityactionkind
public struct AccessibilityActionKind {
    // swiftui/accessibilityactionkind/default
    nonisolated(unsafe) public static let `default`: AccessibilityActionKind = { fatalError() }()
}

// swiftui/accessibilityadjustmentdirection
public enum AccessibilityAdjustmentDirection {
    // swiftui/accessibilityadjustmentdirection/increment
    case increment
    // swiftui/accessibilityadjustmentdirection/decrement
    case decrement
}
#endif
