import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

extension View {
    /// Presents the layer at `level` of the page's sheets over this view, and from inside it the
    /// one above, and so on (`SheetLayers`): the contract's stack (at most
    /// `SheetStack.maximumDepth`, 8) as nested `.sheet`s, which is how SwiftUI stacks sheets,
    /// then the host's sheet (`host`, the retail app's cart) over the last of them. The runtime
    /// opening or closing sheets moves the presentations; the reader dismissing a page sheet (a
    /// swipe, the grabber) closes it and those above it in the stack
    /// (`SheetStack.readerDismissed`), unless the stack moved on meanwhile; dismissing the
    /// host's tells the host. `onFrame` hears where each page sheet is on screen (nil when it
    /// goes), so the page can count what the sheets cover. A view not `presenting` (a page
    /// covered in a navigation stack whose top page presents the same stack) shows none.
    func flowSheets(
        _ stack: SheetStack, level: Int, registry: WidgetRegistry<AnyView>, presenting: Bool = true, host: FlowHostSheet? = nil,
        onFrame: @escaping @MainActor (Int, CGRect?) -> Void
    ) -> some View {
        let layers = { @MainActor in
            SheetLayers(pageSheets: presenting ? stack.entries : [], showsHostSheet: presenting && host?.isShown() == true)
        }
        let shown = layers().layer(atLevel: level)
        let presented = Binding<SheetLayers.Layer?>(
            get: { @MainActor in layers().layer(atLevel: level) },
            set: { @MainActor newValue in
                guard newValue == nil, let shown else { return }
                switch shown {
                case .page(let entry): stack.readerDismissed(level: level, presentationID: entry.presentationID)
                case .host: host?.dismissed()
                }
            })
        return sheet(item: presented, onDismiss: { onFrame(level, nil) }) { layer in
            switch layer {
            case .page(let entry): AnyView(SheetView(entry: entry, level: level, stack: stack, registry: registry, host: host, onFrame: onFrame))
            case .host: host?.content() ?? AnyView(EmptyView())
            }
        }
    }
}
