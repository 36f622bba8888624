/// One dispatched action, for debugging: what it was, who handled it, how it ended.
public struct ActionLogEntry: Sendable, Hashable, Identifiable {
    /// How an action ended (or stands).
    public enum Outcome: Sendable, Hashable {
        /// Being offered to handlers.
        case pending
        /// A handler took it and finished at once.
        case handled
        /// A handler's task is running.
        case running
        /// The task finished; the note says what it did.
        case completed(String)
        /// The task failed (transport error, unreadable response, stale page).
        case failed(String)
        /// A handler refused it (`refused_action`).
        case refused(String)
        /// No handler knows the type: reported and ignored.
        case unhandled
    }

    /// Increasing per dispatcher.
    public let id: Int
    public let type: String
    public let widgetID: String?
    public let event: String
    /// The handler that took it.
    public internal(set) var handler: String?
    public internal(set) var outcome: Outcome
}
