import FlowCore
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

extension View {
    /// Presents the sheet at `level` of `stack` over this view, and from inside it the one
    /// above, and so on: the contract's stack (at most `SheetStack.maximumDepth`, 8) as nested
    /// `.sheet`s, which is how SwiftUI stacks sheets. The runtime opening or closing sheets
    /// moves the presentations; the reader dismissing one (a swipe, the grabber) closes it and
    /// those above it in the stack (`SheetStack.readerDismissed`), unless the stack moved on
    /// meanwhile. `onFrame` hears where each level is on screen (nil when it goes), so the page
    /// can count what the sheets cover.
    func flowSheets(
        _ stack: SheetStack, level: Int, registry: WidgetRegistry<AnyView>, onFrame: @escaping @MainActor (Int, CGRect?) -> Void
    ) -> some View {
        let shown = stack.entry(atLevel: level)
        let presented = Binding<SheetStack.Entry?>(
            get: { @MainActor in stack.entry(atLevel: level) },
            set: { @MainActor newValue in
                guard newValue == nil, let shown else { return }
                stack.readerDismissed(level: level, presentationID: shown.presentationID)
            })
        return sheet(item: presented, onDismiss: { onFrame(level, nil) }) { entry in
            SheetView(entry: entry, level: level, stack: stack, registry: registry, onFrame: onFrame)
        }
    }
}
