import FlowPresentation
import FlowRuntime
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The reader's settings as the cross-platform decisions name them.
extension DynamicTypeSize {
    /// The same size in `DynamicTypeScale`'s terms.
    var flowSize: DynamicTypeScale.Size {
        switch self {
        case .xSmall: .xSmall
        case .small: .small
        case .medium: .medium
        case .large: .large
        case .xLarge: .xLarge
        case .xxLarge: .xxLarge
        case .xxxLarge: .xxxLarge
        case .accessibility1: .accessibility1
        case .accessibility2: .accessibility2
        case .accessibility3: .accessibility3
        case .accessibility4: .accessibility4
        case .accessibility5: .accessibility5
        @unknown default: .large
        }
    }
}

/// The system's light or dark appearance as the theme's scheme (`FlowRuntime.ColorScheme`;
/// SwiftUI's own type of the same name is `SystemScheme` here).
func themeScheme(_ scheme: SystemScheme) -> FlowRuntime.ColorScheme {
    scheme == .dark ? .dark : .light
}
