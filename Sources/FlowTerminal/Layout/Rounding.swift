import FlowCore

/// Whether a `corner_radius` rounds anything, whichever form the atom holds it in (a number,
/// or per-corner `CornerRadius`): overloads, so a view reads the same either way.
enum Rounding {
    static func isRounded(_ radius: Double?) -> Bool {
        guard let radius else { return false }
        return radius > 0 && radius.isFinite
    }

    static func isRounded(_ radius: CornerRadius?) -> Bool {
        guard let radius else { return false }
        return [radius.topLeft, radius.topRight, radius.bottomLeft, radius.bottomRight].contains { $0 > 0 && $0.isFinite }
    }
}
