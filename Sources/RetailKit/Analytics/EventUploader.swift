import FlowRuntime
import Foundation

/// Sends the outbox's batches to `POST /v1/events`, one upload in flight at a time.
///
/// A batch is sent until a 2xx (then its rows are deleted); a 4xx other than 408/429 drops it
/// for good and counts it; anything else (transport, 3xx, 408, 429, 5xx, a failed delete) keeps it
/// and retries with full-jitter backoff on the injected clock, honouring `Retry-After`.
/// While a retry waits, new events do not start uploads of their own (the pipeline pauses),
/// but the interval timer and an explicit flush still try.
actor EventUploader {
    /// How one upload went.
    enum Outcome: Sendable, Hashable {
        /// Nothing was waiting.
        case empty
        /// This many events were delivered and the outbox is empty.
        case delivered(Int)
        /// Delivery stopped; a retry is scheduled.
        case failed(String)
    }

    struct Settings: Sendable {
        var maxBatchEvents: Int
        var maxBatchBytes: Int
        var backoff: Backoff
    }

    private let outbox: EventOutbox
    private let send: @Sendable (Data) async throws -> Void
    private let settings: Settings
    private let clock: any Clock<Duration>
    private let random: RandomSource
    private var running: Task<Outcome, Never>?
    private var retry: Task<Void, Never>?
    private var consecutiveFailures = 0
    private(set) var deliveredBatchCount = 0
    private(set) var rejectedBatchCount = 0
    private(set) var lastError: String?

    init(outbox: EventOutbox, send: @escaping @Sendable (Data) async throws -> Void, settings: Settings,
         clock: any Clock<Duration>, random: RandomSource) {
        self.outbox = outbox
        self.send = send
        self.settings = settings
        self.clock = clock
        self.random = random
    }

    /// Whether a retry is waiting (uploads triggered by new events hold off meanwhile).
    var isWaitingToRetry: Bool { retry != nil }

    /// Uploads until the outbox is empty or a send fails. Joins an upload in flight first,
    /// then uploads what came since, so that when it returns, everything durable before the
    /// call was tried.
    func flush() async -> Outcome {
        if let current = running {
            _ = await current.value
            if running == current { running = nil }
        }
        // Someone else started the next upload meanwhile: it covers this call too.
        if let newer = running { return await newer.value }
        let task = Task { await self.deliverAll() }
        running = task
        let outcome = await task.value
        if running == task { running = nil }
        return outcome
    }

    /// A flush triggered by new events: skipped while a retry waits.
    func flushUnlessPaused() async {
        guard retry == nil, running == nil else { return }
        _ = await flush()
    }

    /// Cancels the upload in flight and the retry (the batch stays in the outbox).
    func stop() {
        running?.cancel()
        retry?.cancel()
        retry = nil
    }

    private func deliverAll() async -> Outcome {
        var delivered = 0
        while !Task.isCancelled {
            let batch: OutboxBatch?
            do {
                batch = try await outbox.nextBatch(maxEvents: settings.maxBatchEvents, maxBytes: settings.maxBatchBytes)
            } catch {
                return fail(error, retryAfter: nil)
            }
            guard let batch else { return delivered > 0 ? succeed(delivered) : succeed(0) }
            do {
                try await send(batch.body)
            } catch let error as HomeAPIError where Self.refusesBatchForGood(error) {
                // The server will never take this batch: keeping it would block every later one.
                do {
                    try await outbox.reject(batch: batch.id)
                } catch {
                    return fail(error, retryAfter: nil)
                }
                rejectedBatchCount += 1
                lastError = error.description
                continue
            } catch is CancellationError {
                return .failed("cancelled")
            } catch {
                return fail(error, retryAfter: (error as? HomeAPIError)?.retryAfter)
            }
            do {
                try await outbox.delete(batch: batch.id)
            } catch {
                // Delivered but still stored: it goes again later, and the server's
                // de-duplication by event_id keeps it counted once.
                return fail(error, retryAfter: nil)
            }
            deliveredBatchCount += 1
            delivered += batch.count
        }
        return .failed("cancelled")
    }

    /// Only the server saying no to this batch drops it: a 4xx other than 408 and 429. A
    /// redirect (a captive portal, a proxy), any other status and anything that is not an
    /// answer keep the batch for a retry.
    static func refusesBatchForGood(_ error: HomeAPIError) -> Bool {
        guard let status = error.status else { return false }
        return (400...499).contains(status) && status != 408 && status != 429
    }

    private func succeed(_ delivered: Int) -> Outcome {
        consecutiveFailures = 0
        retry?.cancel()
        retry = nil
        return delivered > 0 ? .delivered(delivered) : .empty
    }

    /// Schedules the next try after the backoff and reports the failure.
    private func fail(_ error: any Error, retryAfter: Duration?) -> Outcome {
        let delay = settings.backoff.delay(attempt: consecutiveFailures, random: random, retryAfter: retryAfter)
        consecutiveFailures += 1
        lastError = String(describing: error)
        retry?.cancel()
        let deadline = ClockTimer(clock: clock, after: delay)
        retry = Task { [weak self] in
            do {
                try await deadline.wait()
            } catch {
                return
            }
            await self?.retryNow()
        }
        return .failed(String(describing: error))
    }

    private func retryNow() async {
        retry = nil
        _ = await flush()
    }
}
