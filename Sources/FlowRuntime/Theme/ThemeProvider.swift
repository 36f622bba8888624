import FlowCore

/// Light or dark appearance.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

/// A font after theme resolution.
public struct ResolvedFont: Sendable, Hashable {
    /// Point size.
    public var size: Double
    public var weight: FontData.Weight

    public init(size: Double, weight: FontData.Weight = .regular) {
        self.size = size
        self.weight = weight
    }
}

/// Resolves the backend's colours and fonts for a scheme. The host replaces the default
/// theme with its brand's; every renderer asks the same provider, so they agree.
public protocol ThemeProvider: Sendable {
    func color(_ color: ColorData, scheme: ColorScheme) -> RGBAColor
    func font(_ font: FontData, scheme: ColorScheme) -> ResolvedFont
}
