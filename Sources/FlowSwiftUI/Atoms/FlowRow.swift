import FlowPresentation
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// Views side by side, or stacked at the accessibility text sizes (`RowArrangement`): every
/// row of the renderer whose parts would be squeezed by large text lays them out through it.
struct FlowRow<Content: View>: View {
    var alignment: VerticalAlignment = .center
    var spacing: CGFloat
    @ViewBuilder var content: () -> Content
    @Environment(\.dynamicTypeSize) private var textSize

    var body: some View {
        if RowArrangement.at(textSize.flowSize) == .stacked {
            VStack(alignment: .leading, spacing: spacing) { content() }
        } else {
            HStack(alignment: alignment, spacing: spacing) { content() }
        }
    }
}
