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

/// `hero_campaign`: the campaign's picture with its title, subtitle, countdown and call to
/// action. The countdown is `Countdown`'s text (RetailKit, the terminal's too), redrawn at the instants it changes (every
/// second on the last day) by a `TimelineView`, as the terminal redraws it on its tick; a
/// ticking number is not motion, so it ticks under Reduce Motion too.
public struct HeroCampaignView: FlowWidgetView {
    let content: HeroCampaignContent
    let context: WidgetContext
    public var elements: [AccessibilityElement] = []
    @Environment(\.locale) private var locale
    @Environment(\.flowActions) private var actions

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
                    TimelineView(CountdownSchedule(end: end)) { context in
                        Text(verbatim: Countdown.text(until: end, now: context.date, in: locale.shopperWords.locale))
                            .flowFont(size: 13, weight: .medium)
                    }
                }
            }
            .flowAccessibilityGroup(PartReading.content(of: context.widget.id, in: elements)) { activation in
                actions?.perform(activation, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID)
            }
            if let cta = content.cta {
                ButtonAtomView(
                    button: cta, widgetID: context.widget.id, widget: context.widget, sectionID: context.sectionID,
                    reading: PartReading(part: 0, of: context.widget.id, in: elements))
            }
        }
    }
}

/// The instants a campaign's countdown text changes (`Countdown.changes`), as the
/// schedule of the `TimelineView` that draws it: from the start, then each change, ending at
/// "Ended"; nothing more is drawn once the text cannot change.
struct CountdownSchedule: TimelineSchedule {
    let end: Date

    func entries(from startDate: Date, mode: TimelineScheduleMode) -> UnfoldFirstSequence<Date> {
        Countdown.changes(until: end, from: startDate)
    }
}
