import Foundation
import FlowCore
import FlowPresentation
import FlowRuntime
import FlowWidgets
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `separator`: a line, a dashed line or space; decoration, so VoiceOver skips it.
public struct SeparatorView: FlowWidgetView {
    let content: SeparatorContent
    public var elements: [AccessibilityElement] = []
    @Environment(\.colorScheme) private var systemScheme
    @Environment(\.flowTheme) private var theme

    public init(content: SeparatorContent, context: WidgetContext) {
        self.content = content
    }

    public var body: some View {
        let separator = content.separator
        let thickness = CGFloat(separator.thickness ?? 1)
        let colour = Color(theme.color(separator.color ?? ColorData(token: "separator"), scheme: themeScheme(systemScheme)))
        let dash: [CGFloat] = separator.style == .dashed ? [4, 4] : []
        return Rectangle()
            .stroke(separator.style == .space ? Color.clear : colour, style: StrokeStyle(lineWidth: thickness, dash: dash))
            .frame(height: thickness)
            .padding(ChromeModifier.edgeInsets(separator.insets))
    }
}
