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
/// A section shown through its fallback is that widget alone.
struct SectionView: View {
    let section: ResolvedSection
    let registry: WidgetRegistry<AnyView>
    @State private var width: CGFloat = 0

    var body: some View {
        Section {
            content
                .padding(ChromeModifier.edgeInsets(section.section.layout.insets))
                .onGeometryChange(for: CGFloat.self, of: { $0.size.width }) { width = $0 }
        } header: {
            if let header = section.header, section.shownFallback == nil {
                WidgetSlot(resolved: header, registry: registry, sectionID: section.section.id, position: 0)
            }
        }
    }

    private var geometry: ArrangementGeometry {
        ArrangementGeometry(layout: section.section.layout, containerWidth: Double(width) + section.section.layout.insets.left + section.section.layout.insets.right)
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
                        slot(item.element, item.offset)
                    }
                }
            case .carousel:
                ScrollView(.horizontal) {
                    LazyHStack(alignment: .top, spacing: CGFloat(geometry.spacing)) {
                        ForEach(items, id: \.element.widget.exactID) { item in
                            slot(item.element, item.offset)
                                .frame(width: CGFloat(geometry.carouselItemWidth(item.element.shown?.layout?.width)))
                        }
                    }
                }
                .scrollIndicators(.hidden)
            case .grid:
                LazyVGrid(
                    columns: geometry.gridColumnWidths.map { GridItem(.fixed(CGFloat($0)), spacing: CGFloat(geometry.spacing), alignment: .top) },
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
