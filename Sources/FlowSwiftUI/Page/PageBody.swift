import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// A loaded page: the sticky strips outside the scroll, the rest inside it with section
/// headers pinned, the next page asked for at the end, pull to refresh when the page allows it
/// (`refresh.pull_to_refresh`), and the viewport and the strips' frames reported for
/// impressions (widgets scrolling under a sticky strip are covered; the strip's own are not:
/// they are drawn a layer above the body).
struct PageBody: View {
    let page: PageModel
    let store: PageStore
    let registry: WidgetRegistry<AnyView>
    let client: ClientContext
    @Environment(\.flowPlacements) private var placements
    @Environment(\.flowExpiry) private var expiry
    @State private var stickyHeader = CGRect.zero
    @State private var stickyFooter = CGRect.zero

    var body: some View {
        let resolved = page.resolve(in: .flow(client: client, expiry: expiry))
        return PullToRefresh(isEnabled: page.refresh.pullToRefresh, store: store) {
            scroll(resolved)
        }
        .safeAreaInset(edge: .top, alignment: .center, spacing: 0) {
            if page.header?.isSticky == true {
                strip(resolved.header)
                    .environment(\.flowPlacementLayer, 1)
                    .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { stickyHeader = $0; reportCovers() }
            }
        }
        .safeAreaInset(edge: .bottom, alignment: .center, spacing: 0) {
            if page.footer?.isSticky == true {
                strip(resolved.footer)
                    .environment(\.flowPlacementLayer, 1)
                    .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { stickyFooter = $0; reportCovers() }
            }
        }
        .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { placements?.setViewport(LayoutRect($0)) }
    }

    private func scroll(_ resolved: ResolvedPage) -> some View {
        ScrollView(.vertical) {
            LazyVStack(alignment: .leading, spacing: 16, pinnedViews: [.sectionHeaders]) {
                if page.header?.isSticky == false { strip(resolved.header) }
                ForEach(resolved.sections.filter(\.isShown), id: \.section.exactID) { section in
                    SectionView(section: section, registry: registry)
                }
                PaginationRow(store: store)
                if page.footer?.isSticky == false { strip(resolved.footer) }
            }
        }
    }

    private func strip(_ widgets: [ResolvedWidget]) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            ForEach(Array(widgets.enumerated()), id: \.element.widget.exactID) { index, widget in
                WidgetSlot(resolved: widget, registry: registry, sectionID: nil, position: index)
            }
        }
    }

    private func reportCovers() {
        placements?.setCovers([stickyHeader, stickyFooter].map(LayoutRect.init), from: .stickyBars)
    }
}

/// The page's scroll with pull to refresh (`.refreshable` → `store.refreshAndWait()`, so the
/// spinner lasts as long as the request), or without it when the page turns it off: a page
/// that says `pull_to_refresh: false` shows no spinner that would do nothing.
private struct PullToRefresh<Content: View>: View {
    let isEnabled: Bool
    let store: PageStore
    @ViewBuilder let content: () -> Content

    var body: some View {
        if isEnabled {
            content().refreshable { @MainActor in await store.refreshAndWait() }
        } else {
            content()
        }
    }
}

extension SectionModel {
    /// The section's id compared by its scalars, for SwiftUI's identity.
    var exactID: ExactString { ExactString(id) }
}
