// Declarations of SwiftUI's accessibility API, copied from Apple's documentation (the path
// after developer.apple.com/documentation/ above each). Linux only; never run.
#if os(Linux)
import Foundation

// swiftui/accessibilityattachmentmodifier
public struct AccessibilityAttachmentModifier: ViewModifier {
    public typealias Body = Never
    public func body(content: Content) -> Never { fatalError() }
}

extension View {
    // swiftui/view/accessibilityelement(children:)
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { fatalError() }
    // swiftui/view/accessibilitylabel(_:) (Text)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
    // swiftui/view/accessibilityvalue(_:) (Text)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityValue(_ valueDescription: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
    // swiftui/view/accessibilityhint(_:) (Text)
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
    nonisolated public func accessibilityActions<Content>(@ViewBuilder _ content: () -> Content) -> some View where Content: View { fatalError() }
    // swiftui/view/accessibilityadjustableaction(_:)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityAdjustableAction(_ handler: @escaping (AccessibilityAdjustmentDirection) -> Void) -> some View { fatalError() }
}

// The same modifiers on a view that already carries accessibility (they return the same
// ModifiedContent, so a chain of them stays one modifier).
extension ModifiedContent where Modifier == AccessibilityAttachmentModifier {
    // swiftui/modifiedcontent/accessibilitylabel(_:) (Text)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityLabel(_ label: Text) -> ModifiedContent<Content, Modifier> { fatalError() }
    // swiftui/modifiedcontent/accessibilityvalue(_:) (Text)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityValue(_ valueDescription: Text) -> ModifiedContent<Content, Modifier> { fatalError() }
    // swiftui/modifiedcontent/accessibilityhint(_:) (Text)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityHint(_ hint: Text) -> ModifiedContent<Content, Modifier> { fatalError() }
    // swiftui/modifiedcontent/accessibilityaddtraits(_:)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Content, Modifier> { fatalError() }
    // swiftui/modifiedcontent/accessibilityhidden(_:)
    @available(iOS 14.0, macOS 11.0, *)
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Content, Modifier> { fatalError() }
}

// swiftui/accessibilitychildbehavior
public struct AccessibilityChildBehavior: Hashable, Sendable {
    // swiftui/accessibilitychildbehavior/ignore
    public static let ignore: AccessibilityChildBehavior = { fatalError() }()
    // swiftui/accessibilitychildbehavior/contain
    public static let contain: AccessibilityChildBehavior = { fatalError() }()
    // swiftui/accessibilitychildbehavior/combine
    public static let combine: AccessibilityChildBehavior = { fatalError() }()
}

// swiftui/accessibilitytraits
public struct AccessibilityTraits: SetAlgebra, Sendable {
    public init() { fatalError() }
    // swiftui/accessibilitytraits/isbutton
    public static let isButton: AccessibilityTraits = { fatalError() }()
    // swiftui/accessibilitytraits/isheader
    public static let isHeader: AccessibilityTraits = { fatalError() }()
    // swiftui/accessibilitytraits/islink
    public static let isLink: AccessibilityTraits = { fatalError() }()
    // swiftui/accessibilitytraits/isimage
    public static let isImage: AccessibilityTraits = { fatalError() }()
    // swiftui/accessibilitytraits/isstatictext
    public static let isStaticText: AccessibilityTraits = { fatalError() }()
    // swiftui/accessibilitytraits/issearchfield
    public static let isSearchField: AccessibilityTraits = { fatalError() }()

    public func contains(_ member: AccessibilityTraits) -> Bool { fatalError() }
    public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits { fatalError() }
    public mutating func insert(_ newMember: AccessibilityTraits) -> (inserted: Bool, memberAfterInsert: AccessibilityTraits) { fatalError() }
    public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? { fatalError() }
    public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? { fatalError() }
    public mutating func formUnion(_ other: AccessibilityTraits) { fatalError() }
    public mutating func formIntersection(_ other: AccessibilityTraits) { fatalError() }
    public mutating func formSymmetricDifference(_ other: AccessibilityTraits) { fatalError() }
    public static func == (lhs: AccessibilityTraits, rhs: AccessibilityTraits) -> Bool { fatalError() }
}

// swiftui/accessibilityactionkind
public struct AccessibilityActionKind: Equatable, Sendable {
    // swiftui/accessibilityactionkind/default
    public static let `default`: AccessibilityActionKind = { fatalError() }()
    // swiftui/accessibilityactionkind/escape
    public static let escape: AccessibilityActionKind = { fatalError() }()
    // swiftui/accessibilityactionkind/magictap
    public static let magicTap: AccessibilityActionKind = { fatalError() }()
    // swiftui/accessibilityactionkind/init(named:)
    public init(named name: Text) { fatalError() }
}

// swiftui/accessibilityadjustmentdirection
public enum AccessibilityAdjustmentDirection: Sendable {
    case increment, decrement
}

// swiftui/accessibilitynotification
@available(iOS 17.0, macOS 14.0, *)
public enum AccessibilityNotification {
    // swiftui/accessibilitynotification/announcement
    public struct Announcement {
        // swiftui/accessibilitynotification/announcement/init(_:) (String)
        public init(_ announcement: String) { fatalError() }
        // swiftui/accessibilitynotification/announcement/post()
        public func post() { fatalError() }
    }
}
#endif
