// Declarations of SwiftUI's state, bindings and environment, copied from Apple's
// documentation (the path after developer.apple.com/documentation/ above each). Linux only;
// never run.
#if os(Linux)
import Foundation

// swiftui/state (the page writes `@frozen @propertyWrapper struct State<Value>`; Xcode 27
// adds a State macro, which the iOS 18 SDK does not have)
@propertyWrapper public struct State<Value>: DynamicProperty {
    // swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { fatalError() }
    // swiftui/state/init(initialvalue:)
    public init(initialValue value: Value) { fatalError() }
    // swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    // swiftui/state/projectedvalue
    public var projectedValue: Binding<Value> { fatalError() }
}

// swiftui/binding (a DynamicProperty: the page of DynamicProperty lists it)
@propertyWrapper @dynamicMemberLookup public struct Binding<Value>: DynamicProperty {
    // swiftui/binding/init(get:set:)-7ufcp
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void) { fatalError() }
    // swiftui/binding/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
    // swiftui/binding/subscript(dynamicmember:)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}

// "A binding conforms to Sendable only if its wrapped value type also conforms to Sendable"
// (swiftui/binding/init(get:set:)-7ufcp).
extension Binding: Sendable where Value: Sendable {}

// swiftui/environment
@propertyWrapper public struct Environment<Value>: DynamicProperty {
    // swiftui/environment/init(_:)
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError() }
    // swiftui/environment/wrappedvalue
    public var wrappedValue: Value { fatalError() }
}

// swiftui/environmentkey
public protocol EnvironmentKey {
    // swiftui/environmentkey/value
    associatedtype Value
    // swiftui/environmentkey/defaultvalue
    static var defaultValue: Self.Value { get }
}

// swiftui/environmentvalues
public struct EnvironmentValues {
    // swiftui/environmentvalues/init()
    public init() { fatalError() }
    // swiftui/environmentvalues/subscript(_:)
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { fatalError() }
        set { fatalError() }
    }
    // swiftui/environmentvalues/dynamictypesize
    @available(iOS 15.0, macOS 12.0, *)
    public var dynamicTypeSize: DynamicTypeSize {
        get { fatalError() }
        set { fatalError() }
    }
    // swiftui/environmentvalues/colorscheme
    public var colorScheme: ColorScheme {
        get { fatalError() }
        set { fatalError() }
    }
    // swiftui/environmentvalues/layoutdirection
    public var layoutDirection: LayoutDirection {
        get { fatalError() }
        set { fatalError() }
    }
    // swiftui/environmentvalues/displayscale
    public var displayScale: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
    // swiftui/environmentvalues/accessibilityreducemotion
    public var accessibilityReduceMotion: Bool { fatalError() }
    // swiftui/environmentvalues/locale
    public var locale: Locale {
        get { fatalError() }
        set { fatalError() }
    }
    // swiftui/environmentvalues/scenephase
    public var scenePhase: ScenePhase {
        get { fatalError() }
        set { fatalError() }
    }
}

// swiftui/dynamictypesize (CaseIterable: the type lists allCases; Comparable: the pages
// bound it with `...DynamicTypeSize.large`)
@available(iOS 15.0, macOS 12.0, *)
public enum DynamicTypeSize: Comparable, CaseIterable {
    // swiftui/dynamictypesize/xsmall
    case xSmall
    // swiftui/dynamictypesize/small (LISTED: the type's page lists it; `case xSmall` was read)
    case small
    // swiftui/dynamictypesize/medium (LISTED: the type's page lists it; `case xSmall` was read)
    case medium
    // swiftui/dynamictypesize/large (LISTED: the type's page lists it; `case xSmall` was read)
    case large
    // swiftui/dynamictypesize/xlarge (LISTED: the type's page lists it; `case xSmall` was read)
    case xLarge
    // swiftui/dynamictypesize/xxlarge (LISTED: the type's page lists it; `case xSmall` was read)
    case xxLarge
    // swiftui/dynamictypesize/xxxlarge (LISTED: the type's page lists it; `case xSmall` was read)
    case xxxLarge
    // swiftui/dynamictypesize/accessibility1 (LISTED: the type's page lists it; `case xSmall` was
    // read)
    case accessibility1
    // swiftui/dynamictypesize/accessibility2 (LISTED: the type's page lists it; `case xSmall` was
    // read)
    case accessibility2
    // swiftui/dynamictypesize/accessibility3 (LISTED: the type's page lists it; `case xSmall` was
    // read)
    case accessibility3
    // swiftui/dynamictypesize/accessibility4 (LISTED: the type's page lists it; `case xSmall` was
    // read)
    case accessibility4
    // swiftui/dynamictypesize/accessibility5 (LISTED: the type's page lists it; `case xSmall` was
    // read)
    case accessibility5
}

// swiftui/scenephase
@available(iOS 14.0, macOS 11.0, *)
public enum ScenePhase {
    // swiftui/scenephase/background
    case background
    // swiftui/scenephase/inactive
    case inactive
    // swiftui/scenephase/active
    case active
}

// swiftui/layoutdirection
public enum LayoutDirection {
    // swiftui/layoutdirection/lefttoright
    case leftToRight
    // swiftui/layoutdirection/righttoleft
    case rightToLeft
}

// swiftui/colorscheme
public enum ColorScheme {
    // swiftui/colorscheme/light
    case light
    // swiftui/colorscheme/dark
    case dark
}
#endif
