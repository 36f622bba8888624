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
/// headers pinned, the next page asked for at the end, pull to refresh, and the viewport and
/// the strips' frames reported for impressions (widgets under a sticky strip are covered).
struct PageBody: View {
    let page: PageModel
    let store: PageStore
    let registry: WidgetRegistry<AnyView>
    let client: ClientContext
    @Environment(\.flowPlacements) private var placements
    @State private var stickyHeader = CGRect.zero
    @State private var stickyFooter = CGRect.zero

    var body: some View {
        let resolved = page.resolve(in: EvaluationContext(client: client, now: Date()))
        return ScrollView(.vertical) {
            LazyVStack(alignment: .leading, spacing: 16, pinnedViews: [.sectionHeaders]) {
                if page.header?.isSticky == false { strip(resolved.header) }
                ForEach(resolved.sections.filter(\.isShown), id: \.section.exactID) { section in
                    SectionView(section: section, registry: registry)
                }
                PaginationRow(store: store)
                if page.footer?.isSticky == false { strip(resolved.footer) }
            }
        }
        .refreshable { if page.refresh.pullToRefresh { await store.refreshAndWait() } }
        .safeAreaInset(edge: .top, alignment: .center, spacing: 0) {
            if page.header?.isSticky == true {
                strip(resolved.header).onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { stickyHeader = $0; reportCovers() }
            }
        }
        .safeAreaInset(edge: .bottom, alignment: .center, spacing: 0) {
            if page.footer?.isSticky == true {
                strip(resolved.footer).onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { stickyFooter = $0; reportCovers() }
            }
        }
        .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { placements?.setViewport(LayoutRect($0)) }
    }

    private func strip(_ widgets: [ResolvedWidget]) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            ForEach(Array(widgets.enumerated()), id: \.element.widget.exactID) { index, widget in
                WidgetSlot(resolved: widget, registry: registry, sectionID: nil, position: index)
            }
        }
    }

    private func reportCovers() {
        placements?.setCovers([stickyHeader, stickyFooter].filter { !$0.isEmpty }.map(LayoutRect.init))
    }
}

extension SectionModel {
    /// The section's id compared by its scalars, for SwiftUI's identity.
    var exactID: ExactString { ExactString(id) }
}
