/// The shopper segments the home page is composed for.
public enum Segment: String, Sendable, CaseIterable, Hashable {
    case new
    case returning
    case vip
}
