/// A remote image. Short form: the URL string.
public struct ImageData: Sendable, Hashable, JSONDecodable {
    /// How the image fills its frame; an unknown value reads as `fill`.
    public enum ScaleMode: String, Sendable, Hashable {
        case fill, fit
    }

    public var url: String
    /// Width over height; reserves the frame before the image arrives.
    public var aspectRatio: Double?
    public var scaleMode: ScaleMode
    public var cornerRadius: CornerRadius?
    public var placeholderColor: ColorData?
    public var shimmer: Bool
    /// Text alternative for assistive technology.
    public var alt: String?

    public init(
        url: String, aspectRatio: Double? = nil, scaleMode: ScaleMode = .fill, cornerRadius: CornerRadius? = nil,
        placeholderColor: ColorData? = nil, shimmer: Bool = false, alt: String? = nil
    ) {
        self.url = url
        self.aspectRatio = aspectRatio
        self.scaleMode = scaleMode
        self.cornerRadius = cornerRadius
        self.placeholderColor = placeholderColor
        self.shimmer = shimmer
        self.alt = alt
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        if case .string(let url) = node.value {
            self.init(url: url)
            return
        }
        self.init(url: try node.require("url"))
        // Cosmetic: a ratio that is not positive is ignored, an extreme one clamped (each
        // reported); the image stays.
        if let ratio = try node.optional("aspect_ratio", within: 0...Double.greatestFiniteMagnitude, excludingLowerBound: true) {
            let bounds = CosmeticLimits.aspectRatio
            aspectRatio = min(max(ratio, bounds.lowerBound), bounds.upperBound)
            if aspectRatio != ratio { node.reportAdjusted(at: "aspect_ratio", "aspect_ratio \(ratio) is outside \(bounds.lowerBound)…\(bounds.upperBound): clamped") }
        }
        scaleMode = try node.optional("scale_mode", as: String.self).flatMap(ScaleMode.init(rawValue:)) ?? .fill
        cornerRadius = try node.optional("corner_radius")
        placeholderColor = try node.optional("placeholder_color")
        shimmer = try node.optional("shimmer") ?? false
        alt = try node.optional("alt")
    }
}
