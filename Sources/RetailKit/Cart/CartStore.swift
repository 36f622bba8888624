import FlowCore
import Foundation
import Observation
import RetailContract

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
    /// The shell says it in the shopper's words from `reason` and `title`; `message` holds the
    /// server's own words, for logs only.
    public struct Notice: Sendable, Hashable {
        /// Why, in the terms a shopper is told.
        public enum Reason: Sendable, Hashable {
            /// The server refused it as unavailable (409): the product sold out.
            case soldOut
            /// The server does not know the product (404).
            case unknownProduct
            /// The line would hold more than the most a line holds (422 `invalid_quantity`, or
            /// refused before sending).
            case quantityLimit
            /// Any other refusal.
            case refused
            /// No answer came: the change was rolled back and the cart is fetched again.
            case unconfirmed
            /// The product id cannot be sent at all.
            case invalidProduct
        }

        public var productID: String?
        /// The product's title as the shopper saw it, when known.
        public var title: String?
        /// The change that was refused or not confirmed.
        public var change: CartChange?
        public var reason: Reason
        /// In English, with the server's words: for logs (`--debug`), never for the shopper.
        public var message: String

        public init(productID: String?, title: String? = nil, change: CartChange? = nil, reason: Reason, message: String) {
            self.productID = productID
            self.title = title
            self.change = change
            self.reason = reason
            self.message = message
        }
    }

    /// A line as the cart shows it, with what is not yet confirmed of it.
    public struct ShownLine: Sendable, Hashable {
        /// What is waiting for the server.
        public enum Pending: Sendable, Hashable {
            /// The line is new: an add the server has not confirmed.
            case adding
            /// Its quantity changes.
            case updating
            /// It is being removed: shown until the server answers.
            case removing
        }

        public var line: CartSnapshot.Line
        public var pending: Pending?

        public init(line: CartSnapshot.Line, pending: Pending?) {
            self.line = line
            self.pending = pending
        }
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
    /// Products the server refused as unavailable since the app started: a renderer marks
    /// them sold out wherever they show, whatever the page composed earlier said.
    public private(set) var soldOutProducts: Set<ExactString> = []

    /// Receives what the user should be told.
    @ObservationIgnored public var onNotice: (@MainActor (Notice) -> Void)?
    /// Told of every add the shopper asks for, before it is sent.
    @ObservationIgnored public var onAdd: (@MainActor (_ productID: String) -> Void)?

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
        for operation in operations { operation.change.apply(to: &lines, item: operation.item) }
        return lines
    }

    /// The subtotal as shown, what every renderer's cart shows: the sum of the lines as they
    /// will be (`lines`: pending changes included, lines being removed left out) when every
    /// line has a price in one currency; else the server's, but only while nothing is pending
    /// (the server's figure would then say a total the lines no longer add up to).
    public var shownSubtotal: Price? {
        CartSnapshot.subtotal(of: lines) ?? (operations.isEmpty ? canonical?.subtotal : nil)
    }

    /// The lines a cart screen lists: `lines`, in their order, and among them each line being
    /// removed, marked, where it was until the server answers; each with what is pending of it.
    /// Without the lines being removed it is `lines` exactly (a line put at a place goes where
    /// the server puts it: its place counts no line being removed), so nothing moves when the
    /// answers land.
    public var shownLines: [ShownLine] {
        var shown = (canonical?.lines ?? []).map { ShownLine(line: $0, pending: nil) }
        func matches(_ shownLine: ShownLine, _ productID: String) -> Bool {
            shownLine.line.productID.utf8.elementsEqual(productID.utf8)
        }
        for operation in operations {
            let change = operation.change
            let live = shown.firstIndex { matches($0, change.productID) && $0.pending != .removing }
            switch change {
            case .remove:
                if let live { shown[live].pending = .removing }
            case .add, .setQuantity:
                if let live {
                    var lines = [shown[live].line]
                    change.apply(to: &lines, item: operation.item)
                    shown[live].line = lines[0]
                    if shown[live].pending == nil { shown[live].pending = .updating }
                } else {
                    // New, or back after a removal not yet confirmed: the line the change makes,
                    // in place of the one being removed, where the server will put it.
                    var lines: [CartSnapshot.Line] = []
                    change.apply(to: &lines, item: operation.item)
                    guard var line = lines.first else { continue }
                    if let removed = shown.firstIndex(where: { matches($0, change.productID) }) {
                        line.title = line.title ?? shown[removed].line.title
                        line.unitPrice = line.unitPrice ?? shown[removed].line.unitPrice
                        shown.remove(at: removed)
                    }
                    let liveIndices = shown.indices.filter { shown[$0].pending != .removing }
                    let place = change.insertionIndex(among: liveIndices.count)
                    shown.insert(ShownLine(line: line, pending: .adding), at: place < liveIndices.count ? liveIndices[place] : shown.count)
                }
            }
        }
        return shown
    }

    /// The number of items shown on the cart badge: those that can be bought (a line whose
    /// product is no longer sold counts for nothing, as in the server's `item_count`); never
    /// negative, and saturating rather than overflowing however many lines the shopper's own
    /// adds make.
    public var badgeCount: Int {
        lines.filter(\.isAvailable).reduce(0) { total, line in
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

    /// Adds `quantity` (1–99) of `productID`, optimistically; `item` is what the shopper saw
    /// of it (the line shown until the server answers, the title a notice names); a line the
    /// add makes goes at `position` among the lines (nil: at the end).
    public func add(productID: String, quantity: Int = 1, item: CartItem? = nil, position: Int? = nil) {
        guard RetailLimits.lineQuantity.contains(quantity) else {
            tell(Notice(productID: productID, title: item?.title, reason: .quantityLimit, message: "A quantity must be from 1 to 99."))
            return
        }
        let position = position.map { min(max($0, RetailLimits.linePositions.lowerBound), RetailLimits.linePositions.upperBound) }
        onAdd?(productID)
        enqueue(.add(productID: productID, quantity: quantity, position: position), item: item)
    }

    /// Sets the line of `productID` to `quantity` (1–99), optimistically.
    public func setQuantity(productID: String, quantity: Int) {
        let title = lines.first { $0.productID.utf8.elementsEqual(productID.utf8) }?.title
        guard RetailLimits.lineQuantity.contains(quantity) else {
            tell(Notice(productID: productID, title: title, reason: .quantityLimit, message: "A quantity must be from 1 to 99."))
            return
        }
        enqueue(.setQuantity(productID: productID, quantity: quantity), item: nil)
    }

    /// Removes the line of `productID`, optimistically (`shownLines` keeps it, marked, until
    /// the server answers).
    public func remove(productID: String) {
        enqueue(.remove(productID: productID), item: nil)
    }

    /// The backend's session was replaced by a new one, whose cart starts empty: the canonical
    /// cart is dropped and fetched again (the pending operations go to the new cart, under
    /// their keys). Returns whether the dropped cart held anything, which the shopper is told.
    @discardableResult
    public func sessionReplaced() -> Bool {
        let heldSomething = !(canonical?.lines.isEmpty ?? true)
        canonical = nil
        saveJournal()
        refresh()
        return heldSomething
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

    /// Returns once what the journal was asked to keep has been written: `true` when it was
    /// (or there is no journal), `false` when a save failed.
    @discardableResult
    public func waitUntilSaved() async -> Bool {
        await journal?.waitUntilSaved() ?? true
    }

    // MARK: - For the worker

    private func enqueue(_ change: CartChange, item: CartItem?) {
        guard CartChange.isValidProductID(change.productID) else {
            tell(Notice(productID: nil, title: item?.title, change: change, reason: .invalidProduct, message: "That product cannot be added."))
            return
        }
        operations.append(CartOperation(change: change, createdAt: client.now(), item: item))
        saveJournal()
        startWorker()
    }

    /// Applies a canonical cart unless a newer revision was applied already.
    func accept(_ snapshot: CartSnapshot) {
        if let current = canonical, snapshot.revision < current.revision {
            staleAnswerCount += 1
            return
        }
        canonical = snapshot.keepingTitles(of: canonical)
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
        if notice.reason == .soldOut, let productID = notice.productID { soldOutProducts.insert(ExactString(productID)) }
        onNotice?(notice)
    }

    /// The title of `productID` as the shopper last saw it: from the operation, else the cart.
    func title(of operation: CartOperation) -> String? {
        operation.item?.title
            ?? canonical?.lines.first { $0.productID.utf8.elementsEqual(operation.change.productID.utf8) }?.title
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
