import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// A bottom sheet (CONTRACT §8) of the dispatcher's `SheetStack`: its header, sections and
/// footer drawn like a page's, at the contract's detents (`SheetGeometry`), with its grabber,
/// corner radius, and dismissal only when dismissible; the layer above it (`SheetLayers`: the
/// next page sheet, or the host's) is presented from it. Its widgets are not the page's, so they report no impressions; its frame
/// covers the page's.
struct SheetView: View {
    let entry: SheetStack.Entry
    let level: Int
    let stack: SheetStack
    let registry: WidgetRegistry<AnyView>
    /// The host's sheet, presented over the last page sheet.
    let host: FlowHostSheet?
    let onFrame: @MainActor (Int, CGRect?) -> Void
    /// The detent the sheet rests at: its first (`SheetGeometry.restingDetent`) until the
    /// reader drags it to another.
    @State private var detent: PresentationDetent
    @Environment(\.flowClient) private var client
    @Environment(\.flowExpiry) private var expiry
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    init(
        entry: SheetStack.Entry, level: Int, stack: SheetStack, registry: WidgetRegistry<AnyView>, host: FlowHostSheet?,
        onFrame: @escaping @MainActor (Int, CGRect?) -> Void
    ) {
        self.host = host
        self.entry = entry
        self.level = level
        self.stack = stack
        self.registry = registry
        self.onFrame = onFrame
        _detent = State(initialValue: Self.detent(SheetGeometry.restingDetent(of: entry.sheet.config)))
    }

    var body: some View {
        let sheet = entry.sheet
        let context = EvaluationContext.flow(client: client, expiry: expiry)
        return ScrollView(.vertical) {
            LazyVStack(alignment: .leading, spacing: 16, pinnedViews: [.sectionHeaders]) {
                ForEach(Array(sheet.header.enumerated()), id: \.element.exactID) { index, widget in
                    WidgetSlot(resolved: widget.resolve(in: context), registry: registry, sectionID: nil, position: index)
                }
                ForEach(sheet.sections.map { $0.resolve(in: context) }.filter(\.isShown), id: \.section.exactID) { section in
                    SectionView(section: section, registry: registry)
                }
                ForEach(Array(sheet.footer.enumerated()), id: \.element.exactID) { index, widget in
                    WidgetSlot(resolved: widget.resolve(in: context), registry: registry, sectionID: nil, position: index)
                }
            }
            .padding(EdgeInsets(top: 16, leading: 0, bottom: 16, trailing: 0))
        }
        .background(theme.color("background", for: systemScheme))
        .environment(\.flowPlacements, nil)
        .onGeometryChange(for: CGRect.self, of: { $0.frame(in: .global) }) { onFrame(level, $0) }
        .presentationDetents(Set(SheetGeometry.detents(of: sheet.config).map(Self.detent)), selection: $detent)
        .presentationDragIndicator(sheet.config.showsGrabber ? .visible : .hidden)
        .presentationCornerRadius(sheet.config.cornerRadius.map { CGFloat($0.topLeft) })
        .interactiveDismissDisabled(!sheet.config.isDismissible)
        .flowSheets(stack, level: level + 1, registry: registry, host: host, onFrame: onFrame)
    }

    static func detent(_ detent: SheetConfig.Detent) -> PresentationDetent {
        switch detent {
        case .medium: .medium
        case .large: .large
        case .fraction(let fraction): .fraction(CGFloat(fraction))
        }
    }
}
