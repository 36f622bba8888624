import FlowCore

/// `stepper_row {title, subtitle, min, max, initial}`: a count the user steps; each change
/// fires the widget's `change` action with the count as the widget's value.
public struct StepperRowContent: WidgetContent, Hashable {
    public static let widgetType = "stepper_row"
    public var title: TextData
    public var subtitle: TextData?
    /// Lowest count, default 0.
    public var minimum: Int
    /// Highest count, default 99.
    public var maximum: Int
    /// Starting count, clamped into `minimum...maximum`; default `minimum`.
    public var initial: Int

    /// A stepper built in code (previews, tests); `initial` is clamped as a payload's is.
    public init(title: TextData, subtitle: TextData? = nil, minimum: Int = 0, maximum: Int = 99, initial: Int? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.minimum = minimum
        self.maximum = max(minimum, maximum)
        self.initial = min(max(initial ?? minimum, minimum), self.maximum)
    }

    public init(from data: JSONNode) throws(DecodingFailure) {
        title = try data.require("title")
        subtitle = try data.optional("subtitle")
        minimum = try data.optional("min") ?? 0
        maximum = try data.optional("max") ?? 99
        // Cosmetic ranges are adjusted and reported, never fatal (CONTRACT, "Decisions").
        if minimum > maximum {
            data.reportAdjusted(at: "max", "min \(minimum) is greater than max \(maximum): max raised to \(minimum)")
            maximum = minimum
        }
        let requested: Int = try data.optional("initial") ?? minimum
        initial = min(max(requested, minimum), maximum)
        if initial != requested {
            data.reportAdjusted(at: "initial", "initial \(requested) is outside \(minimum)…\(maximum): clamped to \(initial)")
        }
    }

    /// `count` kept within `minimum...maximum`.
    public func clamped(_ count: Int) -> Int {
        min(max(count, minimum), maximum)
    }

    /// The count a stepper shows for its live state (`WidgetStateStore`): the stored number
    /// kept within the bounds, `initial` when there is none. A number past `Int`'s range (a
    /// count near `Int.max` stored as a JSON number rounds up to 2^63) is the nearer bound,
    /// never a trap and never `initial`.
    public func count(from state: JSONValue?) -> Int {
        guard case .number(let value)? = state, !value.isNaN else { return initial }
        if value <= Double(minimum) { return minimum }
        if value >= Double(maximum) { return maximum }
        return clamped(Int(value.rounded(.towardZero)))
    }

    /// The count after one step of `delta` from `count`, saturating at the bounds: `+1` at
    /// `Int.max` or `-1` at `Int.min` stays there instead of overflowing.
    public func stepped(from count: Int, by delta: Int) -> Int {
        let (sum, overflowed) = clamped(count).addingReportingOverflow(delta)
        if overflowed { return delta > 0 ? maximum : minimum }
        return clamped(sum)
    }

    /// The live state after one step of `delta` from `state` (what a renderer stores in
    /// `WidgetStateStore`); nil when the step changes nothing (a bound).
    public func steppedState(from state: JSONValue?, by delta: Int) -> JSONValue? {
        let count = count(from: state)
        let next = stepped(from: count, by: delta)
        return next == count ? nil : .number(Double(next))
    }

    /// Whether a step of `delta` from `count` would change it (the control is enabled).
    public func canStep(from count: Int, by delta: Int) -> Bool {
        stepped(from: count, by: delta) != clamped(count)
    }
}
