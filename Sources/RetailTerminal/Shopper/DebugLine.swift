import Foundation

/// One line of the `--debug` panel: what happened, when.
public struct DebugLine: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case action, event, problem, page, info
    }

    public var kind: Kind
    public var text: String
    public var at: Date

    public init(_ kind: Kind, _ text: String, at: Date) {
        self.kind = kind
        self.text = text
        self.at = at
    }
}
