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
    public var cornerRadius: Double?
    public var placeholderColor: ColorData?
    public var shimmer: Bool
    /// Text alternative for assistive technology.
    public var alt: String?

    public init(
        url: String, aspectRatio: Double? = nil, scaleMode: ScaleMode = .fill, cornerRadius: Double? = nil,
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
        if let ratio: Double = try node.optional("aspect_ratio") {
            guard ratio > 0, ratio.isFinite else { throw DecodingFailure(.invalidValue("aspect_ratio must be positive"), at: node.path) }
            aspectRatio = ratio
        }
        scaleMode = try node.optional("scale_mode", as: String.self).flatMap(ScaleMode.init(rawValue:)) ?? .fill
        cornerRadius = try node.optional("corner_radius")
        placeholderColor = try node.optional("placeholder_color")
        shimmer = try node.optional("shimmer") ?? false
        alt = try node.optional("alt")
    }
}
