import Foundation
import Observation

/// The shopper's cart as the app shows it: the canonical cart the server last answered, with
/// the operations it has not yet confirmed laid over it, so adding updates the badge and the
/// product's pending mark at once.
///
/// Operations go to the server one at a time, in the order the user made them, each under
/// its own idempotency key (reused for its retries and kept across restarts by the journal).
/// One at a time is what makes the optimistic view exact: when an answer arrives, every
/// operation before it is confirmed and none after it has been sent, so the answer includes
/// exactly the confirmed ones and laying the rest over it never counts one twice.
///
/// - Transport errors, 408, 429 and 5xx are retried with full-jitter backoff (`CartClient`).
/// - 404, 409, 422 (and any other refusal) roll that operation back and tell the user why.
/// - An operation given up on (attempts spent, key too old, a 2xx whose cart cannot be read)
///   is rolled back too, and the cart is fetched again, since the server may have applied it.
/// - A canonical cart older than the newest revision applied is ignored.
@MainActor
@Observable
public final class CartStore {
    /// What the store is doing with the network.
    public enum Activity: Sendable, Hashable {
        case idle
        /// A request is in flight.
        case sending
        /// A request failed and waits for its retry on the clock.
        case waitingToRetry
    }

    /// Something to tell the user (a toast): an operation was refused or could not be confirmed.
    public struct Notice: Sendable, Hashable {
        public var productID: String?
        public var message: String
    }

    /// The newest canonical cart applied; `nil` until the first answer (or the journal's copy).
    public private(set) var canonical: CartSnapshot?
    /// Operations not yet confirmed, oldest first; the first is the one in flight.
    public private(set) var operations: [CartOperation] = []
    public private(set) var activity: Activity = .idle
    /// Why the last fetch of the cart failed, until one succeeds.
    public private(set) var lastError: String?
    /// Canonical carts dropped because a newer revision had been applied.
    public private(set) var staleAnswerCount = 0
    /// Where the journal was moved when it could not be read at start (the cart then starts
    /// empty and is fetched from the server); `nil` when it was read or absent.
    public private(set) var unreadableJournal: URL?

    /// Receives what the user should be told.
    @ObservationIgnored public var onNotice: (@MainActor (Notice) -> Void)?

    @ObservationIgnored let client: CartClient
    @ObservationIgnored private let journal: CartJournal?
    @ObservationIgnored var isFetchWanted = false
    @ObservationIgnored var worker: Task<Void, Never>?
    @ObservationIgnored private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// A store sending through `client`; with a journal URL it starts from what was kept there.
    public init(client: CartClient, journalURL: URL? = nil) {
        self.client = client
        journal = journalURL.map(CartJournal.init)
        if let kept = journal?.load() {
            canonical = kept.canonical
            operations = kept.operations
            unreadableJournal = kept.setAside
        }
    }

    deinit {
        worker?.cancel()
    }

    /// The cart as shown: the canonical lines with the pending operations laid over them.
    public var lines: [CartSnapshot.Line] {
        var lines = canonical?.lines ?? []
        for operation in operations { operation.change.apply(to: &lines) }
        return lines
    }

    /// The subtotal as shown: of the lines shown (pending changes included) when every line
    /// has a price in one currency, else the server's; what every renderer's cart shows.
    public var shownSubtotal: Price? {
        CartSnapshot.subtotal(of: lines) ?? canonical?.subtotal
    }

    /// The number of items shown on the cart badge; never negative, and saturating rather
    /// than overflowing however many lines the shopper's own adds make.
    public var badgeCount: Int {
        lines.reduce(0) { total, line in
            let (sum, overflow) = total.addingReportingOverflow(max(0, line.quantity))
            return overflow ? Int.max : sum
        }
    }

    /// Whether `productID` has an operation the server has not confirmed yet.
    public func isPending(_ productID: String) -> Bool {
        operations.contains { $0.change.productID.utf8.elementsEqual(productID.utf8) }
    }

    /// Fetches the cart, after sending any operation kept from before a restart.
    public func start() {
        refresh()
    }

    /// Fetches the canonical cart once the operations before it are done.
    public func refresh() {
        isFetchWanted = true
        startWorker()
    }

    /// Adds `quantity` (1–99) of `productID`, optimistically.
    public func add(productID: String, quantity: Int = 1) {
        guard (1...99).contains(quantity) else {
            tell(Notice(productID: productID, message: "A quantity must be from 1 to 99."))
            return
        }
        enqueue(.add(productID: productID, quantity: quantity))
    }

    /// Removes the line of `productID`, optimistically.
    public func remove(productID: String) {
        enqueue(.remove(productID: productID))
    }

    /// Stops sending; what is pending stays pending (and in the journal).
    public func stop() {
        worker?.cancel()
        worker = nil
        activity = .idle
        resumeIdleWaiters()
    }

    /// Returns once nothing is queued or in flight (the worker finished or was stopped).
    public func waitUntilIdle() async {
        guard worker != nil else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Returns once what the journal was asked to keep is on disk.
    public func waitUntilSaved() async {
        await journal?.waitUntilSaved()
    }

    // MARK: - For the worker

    private func enqueue(_ change: CartChange) {
        guard CartChange.isValidProductID(change.productID) else {
            tell(Notice(productID: nil, message: "That product cannot be added."))
            return
        }
        operations.append(CartOperation(change: change, createdAt: client.now()))
        saveJournal()
        startWorker()
    }

    /// Applies a canonical cart unless a newer revision was applied already.
    func accept(_ snapshot: CartSnapshot) {
        if let current = canonical, snapshot.revision < current.revision {
            staleAnswerCount += 1
            return
        }
        canonical = snapshot
        lastError = nil
    }

    /// The operation is settled: confirmed, refused or given up on.
    func settle(_ operation: CartOperation) {
        operations.removeAll { $0.id == operation.id }
    }

    func fetchFailed(_ error: any Error) {
        lastError = (error as? HomeAPIError)?.userMessage ?? String(describing: error)
    }

    func tell(_ notice: Notice) {
        onNotice?(notice)
    }

    func setActivity(_ activity: Activity) {
        if self.activity != activity { self.activity = activity }
    }

    func saveJournal() {
        journal?.save(canonical: canonical, operations: operations)
    }

    func workerFinished() {
        worker = nil
        setActivity(.idle)
        resumeIdleWaiters()
    }

    private func resumeIdleWaiters() {
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
