import FlowCore
import FlowPresentation
import FlowRuntime
import FlowWidgets
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `banner`: a wide image with its title and subtitle over its bottom edge.
public struct BannerView: FlowWidgetView {
    let content: BannerContent
    public var elements: [AccessibilityElement] = []

    public init(content: BannerContent, context: WidgetContext) {
        self.content = content
    }

    public var body: some View {
        ZStack(alignment: .bottomLeading) {
            RemoteImage(image: content.image)
            if content.title != nil || content.subtitle != nil {
                VStack(alignment: .leading, spacing: 2) {
                    if let title = content.title { FlowText(text: title, base: ResolvedFont(size: 20, weight: .bold)) }
                    if let subtitle = content.subtitle { FlowText(text: subtitle) }
                }
                .padding(EdgeInsets(top: 12, leading: 12, bottom: 12, trailing: 12))
            }
        }
    }
}
