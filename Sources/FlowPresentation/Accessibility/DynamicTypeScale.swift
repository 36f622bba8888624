/// The point size of a backend font size at the reader's text size (Dynamic Type), the same
/// for every renderer.
///
/// A payload's `font.size` is in points at the default text size (Large), like every other
/// length. It scales as `UIFontMetrics.default` scales a custom font: by the body text style's
/// ratio to its default, 17 pt, from the body sizes in Apple's Human Interface Guidelines
/// (xSmall 14 … xxxLarge 23, accessibility sizes 28 … 53). So a 28 pt hero title is 28 pt at
/// Large, about 23 pt at xSmall and about 87 pt at the largest accessibility size.
public enum DynamicTypeScale {
    /// The reader's text size, as SwiftUI's `DynamicTypeSize` names them.
    public enum Size: String, Sendable, Hashable, CaseIterable {
        case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
        case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

        /// The body style's size at this text size, in points.
        public var bodyPoints: Double {
            switch self {
            case .xSmall: 14
            case .small: 15
            case .medium: 16
            case .large: 17
            case .xLarge: 19
            case .xxLarge: 21
            case .xxxLarge: 23
            case .accessibility1: 28
            case .accessibility2: 33
            case .accessibility3: 40
            case .accessibility4: 47
            case .accessibility5: 53
            }
        }

        /// Whether this is one of the accessibility sizes, where layouts stack what sat side by side.
        public var isAccessibilitySize: Bool { bodyPoints >= 28 }
    }

    /// The body size at the default text size (Large).
    public static let defaultBodyPoints = 17.0

    /// How much `size` scales text, 1 at Large.
    public static func factor(for size: Size) -> Double {
        size.bodyPoints / defaultBodyPoints
    }

    /// The points a backend font of `points` takes at `size`; 0 for a size that is not a
    /// positive finite number (decoding already ignores those and clamps the rest to
    /// `CosmeticLimits`, so the result stays finite).
    public static func points(_ points: Double, at size: Size) -> Double {
        guard points > 0, points.isFinite else { return 0 }
        return points * factor(for: size)
    }
}
