import Foundation

/// The statistics of the campaign report (docs/backend.md, "Reading results"), at 95 %.
enum Proportions {
    /// The standard normal's 97.5th percentile: a two-sided 95 % interval.
    static let z = 1.959963984540054

    /// The Wilson score interval of `successes` out of `trials`; nil when there are no trials.
    /// Unlike p ± z·√(p(1−p)/n) it stays within 0…1 and is not empty at 0 or n.
    static func wilson(successes: Int, trials: Int) -> (low: Double, high: Double)? {
        guard trials > 0 else { return nil }
        let n = Double(trials)
        let p = min(1, Double(successes) / n)
        let z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / (1 + z2 / n)
        // At 0 and n the bound on that side is 0 or 1 exactly, not a rounding away from it.
        return (successes <= 0 ? 0 : max(0, centre - half), successes >= trials ? 1 : min(1, centre + half))
    }

    /// Arm B's rate minus arm A's, with its 95 % (Wald, unpooled) interval and the two-sided
    /// p-value of the two-proportion z-test (pooled). Nil when an arm has no trials. The
    /// p-value is 1 when both rates are 0 or both 1 (no evidence of a difference).
    static func difference(
        a: (successes: Int, trials: Int), b: (successes: Int, trials: Int)
    ) -> (difference: Double, low: Double, high: Double, pValue: Double)? {
        guard a.trials > 0, b.trials > 0 else { return nil }
        let (n1, n2) = (Double(a.trials), Double(b.trials))
        let (p1, p2) = (min(1, Double(a.successes) / n1), min(1, Double(b.successes) / n2))
        let difference = p2 - p1
        let spread = (p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2).squareRoot()
        let pooled = min(1, Double(a.successes + b.successes) / (n1 + n2))
        let pooledSpread = (pooled * (1 - pooled) * (1 / n1 + 1 / n2)).squareRoot()
        let pValue = pooledSpread > 0 ? erfc(abs(difference) / pooledSpread / 2.0.squareRoot()) : 1
        return (difference, difference - z * spread, difference + z * spread, min(1, pValue))
    }
}
