import FlowCore

/// One step of a widget's chrome (CONTRACT §5).
///
/// Every renderer applies chrome inside out in this one order, so the same payload gives the
/// same box everywhere: padding grows the content's box, the background fills it, the corners
/// clip it, the border is drawn inside the clip, and the margin spaces the result.
public enum ChromeLayer: String, Sendable, Hashable, CaseIterable {
    case padding, background, cornerClip, border, margin

    /// The contract's order, innermost first.
    public static let contractOrder: [ChromeLayer] = [.padding, .background, .cornerClip, .border, .margin]
}

extension WidgetLayout {
    /// The chrome steps this layout asks for, innermost first: `contractOrder` less the steps
    /// that would do nothing (zero insets, no colour, square corners, no border).
    public var chromeLayers: [ChromeLayer] {
        ChromeLayer.contractOrder.filter { layer in
            switch layer {
            case .padding: padding != .zero
            case .background: background != nil || gradient.map { !$0.colors.isEmpty } == true
            case .cornerClip: cornerRadius.map(\.hasRoundedCorner) == true
            case .border: border.map { $0.width > 0 && $0.width.isFinite } == true
            case .margin: margin != .zero
            }
        }
    }
}

extension CornerRadius {
    /// Whether any corner is rounded.
    public var hasRoundedCorner: Bool {
        [topLeft, topRight, bottomLeft, bottomRight].contains { $0 > 0 && $0.isFinite }
    }
}
