import FlowPresentation
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// Views side by side, or stacked at the accessibility text sizes (`RowArrangement`): every
/// row of the renderer whose parts would be squeezed by large text lays them out through it.
/// One `AnyLayout` switches between the two, so the views keep their identity and state (a
/// stepper's count, a focused field) when the reader changes the text size.
struct FlowRow<Content: View>: View {
    var alignment: VerticalAlignment = .center
    var spacing: CGFloat
    @ViewBuilder var content: () -> Content
    @Environment(\.dynamicTypeSize) private var textSize

    var body: some View {
        let layout = RowArrangement.at(textSize.flowSize) == .stacked
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: spacing))
            : AnyLayout(HStackLayout(alignment: alignment, spacing: spacing))
        return layout { content() }
    }
}
