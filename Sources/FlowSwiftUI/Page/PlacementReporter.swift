import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// Reports a widget's frame on screen to the page's `PlacementFeed` while it is shown, and
/// its departure when it disappears, so the impression tracker's dwell time follows what the
/// reader sees (`VisibilityGeometry` decides the fraction, not this view; the feed decides
/// which widgets count: not an accordion's items, not a sheet's).
struct PlacementReporter: View {
    let context: WidgetContext
    let content: AnyView
    @Environment(\.flowPlacements) private var feed
    @Environment(\.flowPlacementLayer) private var layer

    var body: some View {
        content
            .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { frame in
                // The feed knows each counted widget's section: none is looked up here.
                feed?.place(WidgetPlacement(widget: context.widget, section: nil, position: context.position ?? 0, frame: LayoutRect(frame), layer: layer))
            }
            .onDisappear {
                feed?.remove(widgetID: context.widget.id)
            }
    }
}

extension LayoutRect {
    /// A SwiftUI frame in the renderer-neutral rectangle.
    init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }
}

extension View {
    /// Reports this widget's frame for impressions (`PlacementReporter`).
    func reportingPlacement(of context: WidgetContext) -> some View {
        PlacementReporter(context: context, content: AnyView(self))
    }
}
