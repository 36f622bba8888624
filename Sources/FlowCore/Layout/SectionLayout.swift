/// How a section arranges its widgets.
public struct SectionLayout: Sendable, Hashable {
    /// The arrangements the contract knows; an unknown one decodes as `vertical` and is reported.
    public enum Arrangement: String, Sendable, Hashable, CaseIterable {
        case vertical, carousel, grid
    }

    public var arrangement: Arrangement
    /// Columns of a grid; at least 1, default 2.
    public var columns: Int
    public var itemSpacing: Double
    public var insets: Insets

    public static let vertical = SectionLayout()

    public init(arrangement: Arrangement = .vertical, columns: Int = 2, itemSpacing: Double = 0, insets: Insets = .zero) {
        self.arrangement = arrangement
        self.columns = max(1, columns)
        self.itemSpacing = itemSpacing
        self.insets = insets
    }
}
