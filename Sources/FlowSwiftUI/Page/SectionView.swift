import Foundation
import FlowCore
import FlowPresentation
import FlowRuntime
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// One shown section: its header pinned while the section scrolls under it, then its widgets
/// as its arrangement places them (vertical: `LazyVStack`; carousel: a horizontal
/// `ScrollView` of a `LazyHStack`, each card its share of the container; grid: a
/// `LazyVGrid` of the contract's columns and spacing), with widths from `ArrangementGeometry`.
/// No width is measured first, so the first frame is laid out right: a carousel card's width
/// comes from the horizontal scroll view's width as it lays the card out
/// (`containerRelativeFrame`), the grid's equal columns from SwiftUI's flexible grid items.
/// A section shown through its fallback is that widget alone.
struct SectionView: View {
    let section: ResolvedSection
    let registry: WidgetRegistry<AnyView>
    @Environment(\.flowPlacements) private var placements

    var body: some View {
        Section {
            content
                .padding(ChromeModifier.edgeInsets(section.section.layout.insets))
        } header: {
            if let header = section.header, section.shownFallback == nil {
                // Above the body: pinned, it covers what scrolls under it (as the terminal's).
                WidgetSlot(resolved: header, registry: registry, sectionID: section.section.id, position: -1)
                    .environment(\.flowPlacementLayer, 1)
                    .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { frame in
                        placements?.setHeaderCover(LayoutRect(frame), sectionID: section.section.id)
                    }
                    .onDisappear { placements?.setHeaderCover(nil, sectionID: section.section.id) }
            }
        }
    }

    /// The spacing and columns (the width is the platform's to give: see the carousel and grid).
    private var geometry: ArrangementGeometry {
        ArrangementGeometry(layout: section.section.layout, containerWidth: 0)
    }

    private var items: [(offset: Int, element: ResolvedWidget)] {
        Array(section.widgets.enumerated())
    }

    @ViewBuilder
    private var content: some View {
        if let fallback = section.shownFallback {
            WidgetSlot(widget: fallback, registry: registry, sectionID: section.section.id, position: 0)
        } else {
            switch section.section.layout.arrangement {
            case .vertical:
                LazyVStack(alignment: .leading, spacing: CGFloat(geometry.spacing)) {
                    ForEach(items, id: \.element.widget.exactID) { item in
                        if case .fraction? = item.element.shown?.layout?.width {
                            // A share of the section's inner width, leading, as in the terminal;
                            // the page's scroll view is the container, the insets inside it.
                            let layout = section.section.layout
                            slot(item.element, item.offset)
                                .containerRelativeFrame(.horizontal, alignment: .topLeading) { length, _ in
                                    let width = ArrangementGeometry(layout: layout, containerWidth: Double(length))
                                        .verticalItemWidth(item.element.shown?.layout?.width)
                                    return CGFloat(width ?? 0)
                                }
                        } else {
                            slot(item.element, item.offset)
                        }
                    }
                }
            case .carousel:
                ScrollView(.horizontal) {
                    LazyHStack(alignment: .top, spacing: CGFloat(geometry.spacing)) {
                        ForEach(items, id: \.element.widget.exactID) { item in
                            let width = item.element.shown?.layout?.width
                            // The scroll view's width is the section's inside its insets, which surround it.
                            slot(item.element, item.offset)
                                .containerRelativeFrame(.horizontal, alignment: .topLeading) { length, _ in
                                    CGFloat(ArrangementGeometry.carouselItemWidth(width, innerWidth: Double(length)))
                                }
                        }
                    }
                }
                .scrollIndicators(.hidden)
            case .grid:
                // Equal flexible columns `spacing` apart: `ArrangementGeometry.gridColumnWidths`
                // made by the grid itself from the width it is given.
                LazyVGrid(
                    columns: Array(
                        repeating: GridItem(.flexible(minimum: 0, maximum: .infinity), spacing: CGFloat(geometry.spacing), alignment: .top),
                        count: geometry.gridColumnCount),
                    alignment: .leading, spacing: CGFloat(geometry.spacing)
                ) {
                    ForEach(items, id: \.element.widget.exactID) { item in
                        slot(item.element, item.offset)
                    }
                }
            }
        }
    }

    private func slot(_ widget: ResolvedWidget, _ position: Int) -> WidgetSlot {
        WidgetSlot(resolved: widget, registry: registry, sectionID: section.section.id, position: position)
    }
}

extension WidgetModel {
    /// The widget's id compared by its scalars, for SwiftUI's identity: two ids that read
    /// alike but differ in bytes (CONTRACT, "Decisions") stay two widgets.
    var exactID: ExactString { ExactString(id) }
}
