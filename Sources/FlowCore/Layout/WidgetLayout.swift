/// How wide a widget is within its container.
public enum WidgetWidth: Sendable, Hashable, JSONDecodable {
    /// The container's width.
    case fill
    /// The content's own width.
    case hug
    /// A fraction in (0, 1] of the container (peeking carousel cards).
    case fraction(Double)

    /// `"fill"`, `"hug"`, or a fraction as a number or, as Flow-UI accepts, a numeric string
    /// (`"0.75"`, read with JSON's number grammar).
    public init(from node: JSONNode) throws(DecodingFailure) {
        var fraction: Double
        switch node.value {
        case .string("fill"): self = .fill; return
        case .string("hug"): self = .hug; return
        case .number(let number): fraction = number
        case .string(let text):
            guard case .number(let number)? = try? JSONParser.parse(text) else {
                throw node.invalid("width '\(text)' is not \"fill\", \"hug\" or a fraction")
            }
            fraction = number
        default:
            throw node.mismatch(expected: "\"fill\", \"hug\" or a fraction in (0, 1]")
        }
        guard fraction > 0, fraction <= 1 else { throw node.invalid("width \(fraction) is outside (0, 1]") }
        self = .fraction(fraction)
    }
}

/// Backend-controlled chrome around a widget.
///
/// Renderers apply it inside out in one fixed order: padding, background or gradient,
/// corner clip, border, margin (CONTRACT §5).
public struct WidgetLayout: Sendable, Hashable, JSONDecodable {
    public var margin: Insets
    public var padding: Insets
    public var cornerRadius: CornerRadius?
    public var background: ColorData?
    public var gradient: Gradient?
    public var border: Border?
    public var width: WidgetWidth?

    public init(
        margin: Insets = .zero, padding: Insets = .zero, cornerRadius: CornerRadius? = nil, background: ColorData? = nil,
        gradient: Gradient? = nil, border: Border? = nil, width: WidgetWidth? = nil
    ) {
        self.margin = margin
        self.padding = padding
        self.cornerRadius = cornerRadius
        self.background = background
        self.gradient = gradient
        self.border = border
        self.width = width
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        _ = try node.object()
        self.init(
            margin: try node.optional("margin") ?? .zero,
            padding: try node.optional("padding") ?? .zero,
            cornerRadius: try node.optional("corner_radius"),
            background: try node.optional("background"),
            gradient: try node.optional("gradient"),
            border: try node.optional("border"),
            width: nil
        )
        // A width that is no fraction in range is cosmetic: it alone is ignored, not the layout.
        do {
            width = try node.optional("width")
        } catch {
            node.reportAdjusted(at: "width", "\(error.message): width ignored")
        }
    }
}
