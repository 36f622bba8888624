import FlowPresentation
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// A font size of the renderer's own (a price, a countdown, a badge), scaled by the reader's
/// text size with the rule the backend's sizes follow (`DynamicTypeScale`), so nothing on the
/// page stays small when the reader asks for larger text.
struct ScaledFont: ViewModifier {
    let size: Double
    let weight: Font.Weight
    var design: Font.Design?
    @Environment(\.dynamicTypeSize) private var typeSize

    func body(content: Content) -> some View {
        content.font(.system(size: CGFloat(DynamicTypeScale.points(size, at: typeSize.flowSize)), weight: weight, design: design))
    }
}

extension View {
    /// This view's text at `size` points (at the default text size) and `weight`, scaled by
    /// Dynamic Type like the backend's font sizes.
    public func flowFont(size: Double, weight: Font.Weight = .regular, design: Font.Design? = nil) -> some View {
        modifier(ScaledFont(size: size, weight: weight, design: design))
    }
}
