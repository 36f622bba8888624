#if !canImport(Darwin)
import CCurl
import Foundation
import Synchronization

/// Runs every transfer of the process in one libcurl multi handle, on one thread of its own.
///
/// Why one multi handle on a thread rather than an easy handle per transfer: the thread blocks
/// in `curl_multi_poll` (never a thread of Swift's cooperative pool), however many transfers
/// run; connections and DNS answers are kept and reused across transfers; and a cancelled or
/// idle transfer is removed from the multi handle at once (`curl_multi_wakeup` interrupts the
/// poll), which closes its connection, where a blocking easy transfer would only notice a
/// cancellation flag at its next progress callback.
///
/// `@unchecked Sendable`: `multi` is used by the driver's thread only, except
/// `curl_multi_wakeup`, which libcurl documents as callable from any thread; `running` is
/// the driver thread's own; new transfers come through `inbox`, only touched under
/// `inboxLock` (an `NSLock`, a pthread mutex that Thread Sanitizer understands, where
/// `Synchronization.Mutex`'s futex hand-over shows it races that are not there).
final class CurlDriver: @unchecked Sendable {
    /// The process's driver, started on first use (`curl_global_init` runs once, here);
    /// `nil` when libcurl could not be initialised.
    static let shared: CurlDriver? = CurlDriver()

    /// The longest the thread sleeps in one poll when curl has no timer of its own. A new
    /// transfer or a cancellation wakes it at once (`curl_multi_wakeup`); the bound only caps
    /// what a lost wake-up could cost, at one poll every five seconds at rest.
    private static let idleWait = 5_000

    private let multi: UnsafeMutableRawPointer
    private let inboxLock = NSLock()
    private var inbox: [CurlTransfer] = []
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    private init?() {
        guard curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK, let multi = curl_multi_init() else { return nil }
        self.multi = multi
        let thread = Thread { [self] in
            Thread.current.name = "vitrine-http"
            run()
        }
        thread.start()
    }

    /// Runs `request` within `limits`; see `HTTPSession.send`.
    func send(_ request: HTTPSession.Request, limits: Limits) async throws -> HTTPSession.Response {
        let transfer = try CurlTransfer(request, limits: limits)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.continuation = continuation
                inboxLock.withLock { inbox.append(transfer) }
                curl_multi_wakeup(multi)
            }
        } onCancel: {
            // Ordering: the mark comes before the wake-up, and the driver reads marks after
            // every wake-up, so no cancellation is missed, whether it came before the transfer
            // reached the driver (it is never started then) or during it.
            transfer.isCancelled.store(true, ordering: .releasing)
            curl_multi_wakeup(multi)
        }
    }

    // MARK: - The driver's thread

    private func run() {
        while true {
            admit()
            var active: Int32 = 0
            _ = curl_multi_perform(multi, &active)
            collectFinished()
            removeCancelledAndIdle()
            // Returns when a socket is ready, at curl's next timer, at `wait`, or on a wake-up.
            _ = curl_multi_poll(multi, nil, 0, Int32(nextWait()), nil)
        }
    }

    /// Hands the new transfers to curl; one cancelled on its way ends without starting.
    private func admit() {
        let arrived = inboxLock.withLock {
            defer { inbox.removeAll() }
            return inbox
        }
        for transfer in arrived {
            guard !transfer.isCancelled.load(ordering: .acquiring), curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
                finish(transfer, code: nil)
                continue
            }
            running[transfer.easy] = transfer
        }
    }

    private func collectFinished() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            // Read before the handle is removed, which ends the message's life.
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = running.removeValue(forKey: easy)
            else { continue }
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi, easy)
            finish(transfer, code: code)
        }
    }

    /// Removing a transfer that has not finished closes its connection (curl never reuses a
    /// connection with an answer half read).
    private func removeCancelledAndIdle() {
        let now = ContinuousClock.now
        for (easy, transfer) in running {
            let isCancelled = transfer.isCancelled.load(ordering: .acquiring)
            let isIdle = now - transfer.lastReadAt >= transfer.limits.timeouts.idle
            guard isCancelled || isIdle else { continue }
            if isIdle { transfer.stop(.timedOut("no byte within \(transfer.limits.timeouts.idle)")) }
            running[easy] = nil
            curl_multi_remove_handle(multi, easy)
            finish(transfer, code: nil)
        }
    }

    private func finish(_ transfer: CurlTransfer, code: CURLcode?) {
        let continuation = transfer.continuation
        transfer.continuation = nil
        continuation?.resume(with: transfer.outcome(code))
    }

    /// Until the first idle timeout of the running transfers, in milliseconds.
    private func nextWait() -> Int {
        let now = ContinuousClock.now
        var wait = Self.idleWait
        for transfer in running.values {
            let left = transfer.lastReadAt + transfer.limits.timeouts.idle - now
            wait = min(wait, left <= .zero ? 0 : left.clampedMilliseconds)
        }
        return wait
    }
}
#endif
