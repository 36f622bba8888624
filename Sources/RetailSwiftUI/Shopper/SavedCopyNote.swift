import FlowRuntime
import FlowSwiftUI
import Foundation
import RetailPresentation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// What a shown page says of where it came from, above it: "Saved copy from 3 hours ago",
/// ", updating…" while a newer one is on its way, "updating…" during a refresh
/// (`ShopperPageStatus.note`, which the terminal's nav bar says too). Its age is read again
/// each minute; nothing is drawn for the newest page.
struct SavedCopyNote: View {
    let store: PageStore
    @Environment(\.locale) private var locale
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    var body: some View {
        let words = locale.shopperWords
        return TimelineView(MinuteSchedule()) { timeline in
            if let note = Self.note(of: store, now: timeline.date, words: words) {
                Text(verbatim: note)
                    .flowFont(size: 13)
                    .foregroundStyle(theme.color("text.secondary", for: systemScheme))
                    .lineLimit(2)
                    .frame(maxWidth: .infinity)
                    .padding(EdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
                    .background(theme.color("background", for: systemScheme))
            }
        }
    }

    /// The note of `store`'s page at `now`, in `words`; nil for the newest page.
    static func note(of store: PageStore, now: Date, words: Words) -> String? {
        ShopperPageStatus.note(of: PageSnapshot(store: store), now: now, words: words)
    }
}

/// Every minute from the start: how often a page's age in words can change.
struct MinuteSchedule: TimelineSchedule {
    func entries(from startDate: Date, mode: TimelineScheduleMode) -> UnfoldFirstSequence<Date> {
        sequence(first: startDate) { $0.addingTimeInterval(60) }
    }
}
