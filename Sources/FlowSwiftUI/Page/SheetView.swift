import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// A bottom sheet (CONTRACT §8) presented from the dispatcher's `SheetStack`: its header,
/// sections and footer drawn like a page's, at the contract's detents (`SheetGeometry`),
/// with its grabber, corner radius, and dismissal only when dismissible.
struct SheetView: View {
    let entry: SheetStack.Entry
    let registry: WidgetRegistry<AnyView>
    @Environment(\.flowClient) private var client

    var body: some View {
        let sheet = entry.sheet
        let context = EvaluationContext(client: client, now: Date())
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
        .presentationDetents(Set(SheetGeometry.detents(of: sheet.config).map(Self.detent)))
        .presentationDragIndicator(sheet.config.showsGrabber ? .visible : .hidden)
        .presentationCornerRadius(sheet.config.cornerRadius.map { CGFloat($0.topLeft) })
        .interactiveDismissDisabled(!sheet.config.isDismissible)
    }

    static func detent(_ detent: SheetConfig.Detent) -> PresentationDetent {
        switch detent {
        case .medium: .medium
        case .large: .large
        case .fraction(let fraction): .fraction(CGFloat(fraction))
        }
    }
}
