#if canImport(SwiftUI)
import SwiftUI
/// SwiftUI's `ColorScheme`, named apart from the theme's `FlowRuntime.ColorScheme`.
public typealias SystemScheme = SwiftUI.ColorScheme
#else
import SwiftUIDeclarations
/// SwiftUI's `ColorScheme` (declared), named apart from the theme's `FlowRuntime.ColorScheme`.
public typealias SystemScheme = SwiftUIDeclarations.ColorScheme
#endif
