import FlowCore

/// One step of a widget's chrome (CONTRACT §5).
///
/// Every renderer applies chrome inside out in this one order, so the same payload gives the
/// same box everywhere: padding grows the content's box, the width step widens it to the
/// widget's width (`fill`: the container's, less the margin), the background fills it, the
/// corners clip it, the border is drawn inside the clip, and the margin spaces the result.
public enum ChromeLayer: String, Sendable, Hashable, CaseIterable {
    case padding, width, background, cornerClip, border, margin

    /// The contract's order, innermost first.
    public static let contractOrder: [ChromeLayer] = [.padding, .width, .background, .cornerClip, .border, .margin]
}

extension WidgetLayout {
    /// The chrome steps this layout asks for, innermost first: `contractOrder` less the steps
    /// that would do nothing (zero insets, no colour, square corners, no border; a width that
    /// hugs the content, or one no background, clip or border shows).
    public var chromeLayers: [ChromeLayer] {
        let isSeen = background != nil || gradient.map { !$0.colors.isEmpty } == true
            || cornerRadius.map(\.hasRoundedCorner) == true || border.map { $0.width > 0 && $0.width.isFinite } == true
        return ChromeLayer.contractOrder.filter { layer in
            switch layer {
            case .padding: padding != .zero
            case .width: isSeen && width != .hug
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
