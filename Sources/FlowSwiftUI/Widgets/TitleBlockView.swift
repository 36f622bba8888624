import FlowCore
import FlowPresentation
import FlowRuntime
import FlowWidgets
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `title_block`: a title (a heading for VoiceOver) and its subtitle.
public struct TitleBlockView: FlowWidgetView {
    let content: TitleBlockContent
    public var elements: [AccessibilityElement] = []

    public init(content: TitleBlockContent, context: WidgetContext) {
        self.content = content
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            FlowText(text: content.title, base: ResolvedFont(size: 22, weight: .bold))
            if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}
