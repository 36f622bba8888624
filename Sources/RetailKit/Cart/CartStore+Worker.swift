import FlowRuntime
import Foundation
import RetailContract

extension CartStore {
    /// Starts the worker unless it runs: it sends the queued operations in order, then the
    /// fetch if one is wanted, and ends when nothing is left. It holds the store while it runs
    /// (the app holds the store for its whole life; `stop()` ends it early).
    func startWorker() {
        guard worker == nil else { return }
        worker = Task { @MainActor in
            while !Task.isCancelled {
                if let operation = operations.first {
                    await send(operation)
                } else if isFetchWanted {
                    isFetchWanted = false
                    await fetch()
                } else {
                    break
                }
            }
            // A stopped worker was replaced (or not) by `stop()`; only the live one reports.
            if !Task.isCancelled { workerFinished() }
        }
    }

    /// Sends one operation until it is confirmed, refused or given up on.
    private func send(_ operation: CartOperation) async {
        guard client.isKeyUsable(createdAt: operation.createdAt) else {
            giveUp(operation, reason: "it is too old to be confirmed")
            return
        }
        var attempts = 0
        while true {
            attempts += 1
            setActivity(.sending)
            do {
                let snapshot = try await client.transport.apply(operation.change, idempotencyKey: operation.idempotencyKey)
                guard !Task.isCancelled else { return }
                settle(operation)
                accept(snapshot)
                saveJournal()
                return
            } catch {
                guard !Task.isCancelled else { return }
                if let delay = client.retryDelay(after: error, attempts: attempts, createdAt: operation.createdAt) {
                    guard await waitToRetry(delay) else { return }
                    continue
                }
                // Unknown outcome: no answer, or a 2xx whose cart could not be read (the
                // server applied the change). Only a refusal says it was not applied.
                if Self.leavesOutcomeUnknown(error) {
                    giveUp(operation, reason: (error as? HomeAPIError)?.description ?? "no connection to the server")
                } else {
                    refuse(operation, error: error)
                }
                return
            }
        }
    }

    /// Fetches the canonical cart, retrying as operations do.
    private func fetch() async {
        var attempts = 0
        while true {
            attempts += 1
            setActivity(.sending)
            do {
                let snapshot = try await client.transport.fetchCart()
                guard !Task.isCancelled else { return }
                accept(snapshot)
                saveJournal()
                return
            } catch {
                guard !Task.isCancelled else { return }
                if let delay = client.retryDelay(after: error, attempts: attempts, createdAt: nil) {
                    guard await waitToRetry(delay) else { return }
                    continue
                }
                fetchFailed(error)
                return
            }
        }
    }

    /// Waits `delay` on the client's clock; `false` when cancelled.
    private func waitToRetry(_ delay: Duration) async -> Bool {
        setActivity(.waitingToRetry)
        do {
            try await ClockTimer(clock: client.clock, after: delay).wait()
            return true
        } catch {
            return false
        }
    }

    /// The server refused the operation (404, 409, 422, …): its optimistic change goes.
    private func refuse(_ operation: CartOperation, error: any Error) {
        let title = title(of: operation)
        settle(operation)
        saveJournal()
        let failure = error as? HomeAPIError
        tell(Notice(
            productID: operation.change.productID, title: title, change: operation.change, reason: Self.reason(for: failure),
            message: Self.message(for: operation.change, reason: failure?.description ?? String(describing: error))))
    }

    /// No answer came in time: the change goes, and the cart is fetched again because the
    /// server may have applied it.
    private func giveUp(_ operation: CartOperation, reason: String) {
        let title = title(of: operation)
        settle(operation)
        isFetchWanted = true
        saveJournal()
        tell(Notice(
            productID: operation.change.productID, title: title, change: operation.change, reason: .unconfirmed,
            message: Self.message(for: operation.change, reason: reason)))
    }

    /// What a refusal means to a shopper: 409 sold out, 404 unknown, 422 `invalid_quantity`
    /// over the line's limit, anything else refused.
    static func reason(for failure: HomeAPIError?) -> Notice.Reason {
        guard case .status(let status, let code, _, _)? = failure else { return .refused }
        switch status {
        case 409: return .soldOut
        case 404: return .unknownProduct
        case 422 where code.map { $0.utf8.elementsEqual(RetailErrorCode.invalidQuantity.rawValue.utf8) } ?? false: return .quantityLimit
        default: return .refused
        }
    }

    /// Whether the server may have applied an operation that ended with `error`: no answer, a
    /// retryable status (a 502 may come after the change), or a 2xx whose cart could not be
    /// read. A refusal (404, 409, 422, …) or a request never sent says it was not.
    static func leavesOutcomeUnknown(_ error: any Error) -> Bool {
        guard let failure = error as? HomeAPIError else { return true }
        if case .undecodable = failure { return true }
        return failure.isRetryable
    }

    static func message(for change: CartChange, reason: String) -> String {
        switch change {
        case .add: "Could not add to the cart: \(reason)"
        case .setQuantity: "Could not change the quantity: \(reason)"
        case .remove: "Could not remove from the cart: \(reason)"
        }
    }
}
