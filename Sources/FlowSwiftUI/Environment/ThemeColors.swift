import FlowCore
import FlowRuntime
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

extension DefaultTheme {
    /// The theme's colour for `token` (`text.primary`, `text.secondary`, `background`,
    /// `surface`, `separator`, `brand.primary`) in the system's light or dark appearance, so the
    /// renderer's own chrome (toasts, placeholders, prices) follows the brand's dark mode as the
    /// payload's colours do, rather than the platform's.
    public func color(_ token: String, for scheme: SystemScheme) -> Color {
        Color(color(ColorData(token: token), scheme: themeScheme(scheme)))
    }
}
