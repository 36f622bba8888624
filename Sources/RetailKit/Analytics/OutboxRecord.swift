import Foundation

/// One event on its way to the outbox: its id, its JSON object as sent, and when it was made.
struct OutboxRecord: Sendable {
    var eventID: String
    var body: Data
    var createdAt: Date
    /// The order `track` gave it (for "durable up to").
    var sequence: Int
}

/// Events taken from the outbox to be sent together. A batch keeps its events and ids until
/// a 2xx: every retry sends the same bytes.
struct OutboxBatch: Sendable {
    var id: Int64
    var eventIDs: [String]
    /// `{"events": [...]}`.
    var body: Data

    var count: Int { eventIDs.count }
}

/// What the outbox holds and what it had to let go of.
public struct OutboxCounts: Sendable, Hashable {
    /// Events stored and not yet delivered.
    public var pending: Int
    /// Events dropped by the bounds (the oldest first), ever.
    public var dropped: Int
    /// Events the server refused for good (a 4xx other than 408/429), ever.
    public var rejected: Int
}
