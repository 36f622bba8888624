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
}
