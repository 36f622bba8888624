/// Text with optional styling. Short form: a bare string.
public struct TextData: Sendable, Hashable, JSONDecodable, ExpressibleByStringLiteral {
    /// Horizontal alignment of text; an unknown value reads as `leading`.
    public enum Alignment: String, Sendable, Hashable {
        case leading, center, trailing
    }

    public var text: String
    public var font: FontData?
    public var color: ColorData?
    public var alignment: Alignment
    /// At most this many lines; `nil` for no limit.
    public var maxLines: Int?
    /// Whether `text` is Markdown (bold, italics, links).
    public var isMarkdown: Bool

    public init(
        _ text: String, font: FontData? = nil, color: ColorData? = nil, alignment: Alignment = .leading,
        maxLines: Int? = nil, isMarkdown: Bool = false
    ) {
        self.text = text
        self.font = font
        self.color = color
        self.alignment = alignment
        self.maxLines = maxLines
        self.isMarkdown = isMarkdown
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A plain string is a text with the defaults: decoded without a node.
    public static func decodedWithoutNode(_ value: JSONValue) -> TextData? {
        if case .string(let text) = value { return TextData(text) }
        return nil
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        if case .string(let text) = node.value {
            self.init(text)
            return
        }
        self.init(try node.require("text"))
        font = try node.optional("font")
        color = try node.optional("color")
        alignment = try node.optional("alignment", as: String.self).flatMap(Alignment.init(rawValue:)) ?? .leading
        if let lines: Double = try node.optional("max_lines"), lines < 1 {
            node.reportAdjusted(at: "max_lines", "max_lines \(lines) is below 1: ignored")
        } else {
            maxLines = try node.optionalCount("max_lines", clampedTo: CosmeticLimits.lines)
        }
        isMarkdown = try node.optional("is_markdown") ?? false
    }
}
