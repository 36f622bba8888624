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

/// `campaign_card`: a campaign's picture, title and subtitle (a card of a carousel).
public struct CampaignCardView: FlowWidgetView {
    let content: CampaignCardContent
    public var elements: [AccessibilityElement] = []

    public init(content: CampaignCardContent, context: WidgetContext) {
        self.content = content
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if let image = content.image { RemoteImage(image: image) }
            FlowText(text: content.title, base: ResolvedFont(size: 17, weight: .semibold))
            if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
        }
    }
}
