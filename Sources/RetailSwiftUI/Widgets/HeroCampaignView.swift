import FlowCore
import FlowPresentation
import FlowRuntime
import FlowSwiftUI
import Foundation
import RetailKit
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `hero_campaign`: the campaign's picture with its title, subtitle, countdown and call to action.
public struct HeroCampaignView: FlowWidgetView {
    let content: HeroCampaignContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []
    @Environment(\.locale) private var locale

    public init(content: HeroCampaignContent, context: WidgetContext) {
        self.content = content
        self.context = context
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            VStack(alignment: .leading, spacing: 4) {
                RemoteImage(image: content.image)
                FlowText(text: content.title, base: ResolvedFont(size: 28, weight: .bold))
                if let subtitle = content.subtitle { FlowText(text: subtitle, isSecondary: true) }
                if let end = content.endsAt {
                    Text(verbatim: RetailAccessibility.countdown(until: end, in: AccessibilityEnvironment(
                        locale: locale, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()))))
                        .font(.system(size: 13, weight: .medium))
                }
            }
            .flowAccessibilityGroup(elements.count > 1 ? elements.first { $0.part == nil } : nil)
            if let cta = content.cta {
                ButtonAtomView(button: cta, widgetID: context.widget.id, sectionID: context.sectionID, element: elements.count > 1 ? elements.first { $0.part == 0 } : nil)
            }
        }
    }
}
