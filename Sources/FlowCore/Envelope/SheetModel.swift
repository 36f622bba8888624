/// A bottom sheet (CONTRACT §8), opened by `open_bottom_sheet` or served as `{"sheet": …}`.
public struct SheetModel: Sendable, Identifiable {
    public let id: String
    public let config: SheetConfig
    public let header: [WidgetModel]
    public let sections: [SectionModel]
    public let footer: [WidgetModel]
}

/// How a sheet presents.
public struct SheetConfig: Sendable, Hashable, JSONDecodable {
    /// A resting height: the platform's medium or large, or a fraction of the screen.
    public enum Detent: Sendable, Hashable, JSONDecodable {
        case medium
        case large
        case fraction(Double)

        public init(from node: JSONNode) throws(DecodingFailure) {
            switch node.value {
            case .string("medium"): self = .medium
            case .string("large"): self = .large
            case .number(let fraction) where fraction > 0 && fraction <= 1: self = .fraction(fraction)
            default: throw node.invalid("a detent is \"medium\", \"large\" or a fraction in (0, 1]")
            }
        }
    }

    public var detents: [Detent]
    public var showsGrabber: Bool
    public var isDismissible: Bool
    public var cornerRadius: CornerRadius?

    public init(detents: [Detent] = [.large], showsGrabber: Bool = true, isDismissible: Bool = true, cornerRadius: CornerRadius? = nil) {
        self.detents = detents
        self.showsGrabber = showsGrabber
        self.isDismissible = isDismissible
        self.cornerRadius = cornerRadius
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        let detents: [Detent] = try node.lossyArray("detents")
        self.init(
            detents: detents.isEmpty ? [.large] : detents,
            showsGrabber: try node.optional("grabber") ?? true,
            isDismissible: try node.optional("dismissible") ?? true,
            cornerRadius: try node.optional("corner_radius")
        )
    }
}
