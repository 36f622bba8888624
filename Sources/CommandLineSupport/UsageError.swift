/// An invocation the command cannot run as given: its message says what to change, and the
/// command exits with status 2.
public struct UsageError: Error, Equatable, Sendable {
    /// What was wrong, said to the person who typed it.
    public var message: String

    public init(_ message: String) { self.message = message }
}
