import FlowCore
import Foundation

extension AnalyticsTracker {
    /// How the tracker stores and sends events.
    public struct Configuration: Sendable {
        /// The SQLite file of the outbox.
        public var databaseURL: URL
        /// Written into every event as `app_version`.
        public var appVersion: AppVersion
        /// The most events kept; past it the oldest go and are counted. Default 1,000.
        public var maxStoredEvents = 1_000
        /// The oldest an event may get before it is dropped and counted. Default 7 days.
        public var maxEventAge: TimeInterval = 7 * 86_400
        /// Events stored that start an upload. Default 20.
        public var flushCount = 20
        /// An upload is tried at least this often while events wait. Default 30 s.
        public var flushInterval: Duration = .seconds(30)
        /// Events in one batch. Default 50.
        public var maxBatchEvents = 50
        /// Bytes of one batch's body, well under the backend's 1 MiB. Default 256 KiB.
        public var maxBatchBytes = 256 << 10
        /// The largest event kept, in bytes of JSON; larger ones are dropped and counted. Default 16 KiB.
        public var maxEventBytes = 16 << 10
        /// How long a write waits for another connection's lock before trying again. Default 2 s.
        public var busyTimeout: Duration = .seconds(2)
        /// Retries of failed uploads. Default: 0.5 s doubling, capped at 5 min.
        public var backoff = Backoff(base: .milliseconds(500), cap: .seconds(300))
        /// Retries of failed writes to the outbox (a full disk), while the events wait in
        /// memory. Default: 1 s doubling, capped at 60 s.
        public var saveRetry = Backoff(base: .seconds(1), cap: .seconds(60))
        /// The longest `shutdown()` waits for the last save, and again for closing the outbox.
        /// Default 1 s.
        public var shutdownSaveLimit: Duration = .seconds(1)
        /// The longest `shutdown()` waits for the last upload. Default 1 s.
        public var shutdownUploadLimit: Duration = .seconds(1)

        public init(databaseURL: URL, appVersion: AppVersion) {
            self.databaseURL = databaseURL
            self.appVersion = appVersion
        }
    }
}
