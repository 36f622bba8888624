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
    /// can count what the sheets cover. A view not `presenting` (a page covered in a navigation
    /// stack whose top page presents the same stack) shows none of them.
    func flowSheets(
        _ stack: SheetStack, level: Int, registry: WidgetRegistry<AnyView>, presenting: Bool = true,
        onFrame: @escaping @MainActor (Int, CGRect?) -> Void
    ) -> some View {
        let shown = presenting ? stack.entry(atLevel: level) : nil
        let presented = Binding<SheetStack.Entry?>(
            get: { @MainActor in presenting ? stack.entry(atLevel: level) : nil },
            set: { @MainActor newValue in
                guard newValue == nil, let shown else { return }
                stack.readerDismissed(level: level, presentationID: shown.presentationID)
            })
        return sheet(item: presented, onDismiss: { onFrame(level, nil) }) { entry in
            SheetView(entry: entry, level: level, stack: stack, registry: registry, onFrame: onFrame)
        }
    }
}
