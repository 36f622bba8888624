import FlowCore
import FlowPresentation
import FlowRuntime
import FlowSwiftUI
import Foundation
import RetailKit
import RetailPresentation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `promo_banner`: an offer's title, subtitle and code (its gradient is the backend's chrome).
public struct PromoBannerView: FlowWidgetView {
    let content: PromoBannerContent
    public var elements: [AccessibilityElement] = []

    public init(content: PromoBannerContent, context: WidgetContext) {
        self.content = content
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if let image = content.image { RemoteImage(image: image, maxHeight: 120) }
            FlowText(text: content.title, base: ResolvedFont(size: 18, weight: .bold))
            if let subtitle = content.subtitle { FlowText(text: subtitle) }
            if let code = content.code {
                Text(verbatim: SafeText.cleaned(code, keepingNewlines: false))
                    .flowFont(size: 14, weight: .heavy, design: .monospaced)
            }
        }
        .padding(EdgeInsets(top: 12, leading: 12, bottom: 12, trailing: 12))
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}
