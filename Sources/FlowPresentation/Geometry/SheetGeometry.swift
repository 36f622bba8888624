import FlowCore

/// The heights of a bottom sheet's detents (CONTRACT §8), the same for every renderer.
///
/// `medium` is half the container, `large` the container less the top inset the platform keeps
/// (a status bar; one row in a terminal, so the page behind still shows), a fraction that share
/// of the container. A sheet rests at its first detent. Heights are clamped to the container.
public enum SheetGeometry {
    /// The share of the container a `medium` sheet takes.
    public static let mediumFraction = 0.5

    /// The height of `detent` in a container `containerHeight` high.
    public static func height(for detent: SheetConfig.Detent, containerHeight: Double, topInset: Double = 0) -> Double {
        guard containerHeight > 0 else { return 0 }
        let height: Double
        switch detent {
        case .medium: height = containerHeight * mediumFraction
        case .large: height = containerHeight - max(0, topInset)
        case .fraction(let fraction): height = containerHeight * fraction
        }
        return min(max(0, height), containerHeight)
    }

    /// The detents a renderer offers, in the payload's order, each once (a repeated detent
    /// would be one stop twice); `large` when the payload gives none.
    public static func detents(of config: SheetConfig) -> [SheetConfig.Detent] {
        var seen: [SheetConfig.Detent] = []
        for detent in config.detents where !seen.contains(detent) { seen.append(detent) }
        return seen.isEmpty ? [.large] : seen
    }

    /// The detent a sheet opens at: its first.
    public static func restingDetent(of config: SheetConfig) -> SheetConfig.Detent {
        config.detents.first ?? .large
    }
}
