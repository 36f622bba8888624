import FlowCore

/// Text in runs of one style each: what markdown and theme resolution produce and what the
/// text layout wraps. Every run is `SafeText`-cleaned when it is made.
public struct StyledText: Sendable, Hashable {
    public struct Run: Sendable, Hashable {
        public var text: String
        public var style: CellStyle

        public init(_ text: String, style: CellStyle = .plain) {
            self.text = SafeText.cleaned(text)
            self.style = style
        }
    }

    public var runs: [Run]

    public init(_ runs: [Run]) {
        self.runs = runs.filter { !$0.text.isEmpty }
    }

    public init(_ text: String, style: CellStyle = .plain) {
        self.init([Run(text, style: style)])
    }

    public var isEmpty: Bool { runs.isEmpty }

    /// The text without styles.
    public var string: String { runs.map(\.text).joined() }

    /// The columns it takes on one line.
    public var width: Int { runs.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// Every run with `attributes` added.
    public func adding(_ attributes: CellAttributes) -> StyledText {
        StyledText(runs.map { Run($0.text, style: $0.style.adding(attributes)) })
    }

    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        StyledText(lhs.runs + rhs.runs)
    }
}
