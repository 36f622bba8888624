import FlowCore
import Foundation
import Synchronization

/// Carts per user and the idempotency of their changes, behind one lock so that a change
/// and the answer remembered for its key are one step: concurrent retries of one key
/// cannot both apply. The clock is read under that lock too, so a read that sees no cart yet
/// answers a revision below the first change's, never above it.
final class CartService: Sendable {
    /// What a cart change asks for, once its request has been read; `Result` because a
    /// request that cannot be read still meets its idempotency key first.
    enum Change: Sendable {
        case add(productID: String, quantity: Int)
        /// The line holds exactly `quantity`.
        case set(productID: String, quantity: Int)
        case remove(productID: String)
    }

    /// A change as it arrives: who, from where, under which key and meaning.
    struct Request: Sendable {
        var change: Result<Change, RequestError>
        var user: String
        var address: String
        var idempotencyKey: String?
        var fingerprint: UInt64
        var locale: StoreLocale
        /// The `sold_out` fault: low-stock products are refused as unavailable.
        var lowStockSoldOut = false
    }

    /// The book and the allowance of new shoppers per address, under one lock.
    private struct Ledger: Sendable {
        var book: CartBook
        var allowance: NewShopperAllowance
    }

    /// Products are read from the catalogue serving now (a reload may change prices and copy,
    /// never the list of products, which lines refer to by position).
    private let catalogues: CatalogueStore
    private var catalogue: Catalogue { catalogues.current.catalogue }
    private let now: @Sendable () -> Date
    private let keysPerUser: Int
    private let keyLifetime: TimeInterval
    private let ledger: Mutex<Ledger>

    init(catalogues: CatalogueStore, now: @escaping @Sendable () -> Date, cartCapacity: Int, newCartsBurst: Int, newCartsPerSecond: Double,
         keysPerUser: Int, keyLifetime: TimeInterval) {
        self.catalogues = catalogues
        self.now = now
        self.keysPerUser = keysPerUser
        self.keyLifetime = keyLifetime
        ledger = Mutex(Ledger(book: CartBook(capacity: cartCapacity),
                              allowance: NewShopperAllowance(burst: newCartsBurst, perSecond: newCartsPerSecond)))
    }

    /// Shoppers and idempotency keys held, which `CartBook` bounds.
    var bookCounts: (shoppers: Int, keys: Int) {
        ledger.withLock { ($0.book.count, $0.book.keyCount) }
    }

    /// The canonical cart of a user. Reading creates nothing (an unknown user's cart is an
    /// empty one as of now) and counts as activity for a known one.
    func cart(user: String, locale: StoreLocale) -> Data {
        let id = ExactText(user)
        let cart = ledger.withLock { ledger -> Cart in
            guard let cart = ledger.book[id]?.cart else { return Cart(clock: Cart.clock(now())) }
            ledger.book.touch(id)
            return cart
        }
        return render(cart, user: user, locale: locale)
    }

    /// Applies a change once per idempotency key and answers the canonical cart.
    ///
    /// The key is looked up first: a key seen before (and not expired) answers what it
    /// answered then and changes nothing, or is a 422 `idempotency_key_reused` when the
    /// request means something else, even one that would fail on its own. Then the change is
    /// checked: readable (400), quantity 1–99 (422), known product (404), available (409; with
    /// the `sold_out` fault low-stock products are not), a line of at most 99 (422). Setting a
    /// quantity is refused as unavailable only when it would raise the line: a shopper can
    /// always keep fewer of what sold out.
    ///
    /// A change that would create a shopper takes one of its address's allowance first
    /// (`NewShopperAllowance`); past it the answer is 429 `too_many_new_carts` with
    /// `Retry-After`. Requests made in-process (no client address) are not counted.
    func apply(_ request: Request) throws(RequestError) -> Data {
        let user = ExactText(request.user)
        let key = request.idempotencyKey.map(ExactText.init)
        let result: Result<(Cart, StoreLocale), RequestError> = ledger.withLock { ledger in
            let instant = now()
            let existing = ledger.book[user]
            if let key, let entry = existing?.keys.entry(for: key, at: instant) {
                guard entry.fingerprint == request.fingerprint else {
                    return .failure(.unprocessable(
                        "Idempotency-Key '\(key.text.clipped(toUTF8Bytes: 80))' was used for a different request",
                        code: "idempotency_key_reused"))
                }
                return .success((entry.answer, entry.locale))
            }
            var record = existing ?? CartBook.Record(
                cart: Cart(clock: Cart.clock(instant)), keys: IdempotencyKeys(capacity: keysPerUser, lifetime: keyLifetime),
                owner: ExactText(request.address))
            do throws(RequestError) {
                try change(&record.cart, by: request.change.get(), at: instant, lowStockSoldOut: request.lowStockSoldOut)
            } catch {
                return .failure(error)
            }
            if existing == nil, !request.address.isEmpty,
               let wait = ledger.allowance.take(for: ExactText(request.address), at: instant) {
                return .failure(RequestError(
                    status: 429, code: "too_many_new_carts",
                    message: "this address has started too many new carts lately; try again in \(wait) s",
                    headers: ["Retry-After": String(wait)]))
            }
            if let key {
                record.keys.remember(key, fingerprint: request.fingerprint, answer: record.cart, locale: request.locale, at: instant)
            }
            ledger.book.store(record, for: user)
            return .success((record.cart, request.locale))
        }
        let (cart, locale) = try result.get()
        return render(cart, user: request.user, locale: locale)
    }

    private func change(_ cart: inout Cart, by change: Change, at instant: Date, lowStockSoldOut: Bool) throws(RequestError) {
        switch change {
        case .add(let productID, let quantity):
            guard (1...99).contains(quantity) else {
                throw .unprocessable("quantity must be from 1 to 99, not \(quantity)", code: "invalid_quantity")
            }
            let index = try productIndex(productID)
            let availability = catalogue.products[index].availability
            if availability == .unavailable || (lowStockSoldOut && availability == .lowStock) {
                throw .conflict("'\(catalogue.products[index].id)' is unavailable", code: "product_unavailable")
            }
            let total = cart.quantity(of: index) + quantity
            guard total <= 99 else {
                throw .unprocessable("a cart line holds at most 99; this one would hold \(total)", code: "invalid_quantity")
            }
            cart.add(product: index, quantity: quantity)
            cart.advanceRevision(clock: Cart.clock(instant))
        case .set(let productID, let quantity):
            guard (1...99).contains(quantity) else {
                throw .unprocessable("quantity must be from 1 to 99, not \(quantity)", code: "invalid_quantity")
            }
            let index = try productIndex(productID)
            let availability = catalogue.products[index].availability
            let current = cart.quantity(of: index)
            if quantity > current, availability == .unavailable || (lowStockSoldOut && availability == .lowStock) {
                throw .conflict("'\(catalogue.products[index].id)' is unavailable", code: "product_unavailable")
            }
            if quantity != current {
                cart.set(product: index, quantity: quantity)
                cart.advanceRevision(clock: Cart.clock(instant))
            }
        case .remove(let productID):
            if cart.remove(product: try productIndex(productID)) {
                cart.advanceRevision(clock: Cart.clock(instant))
            }
        }
    }

    /// Product ids are ASCII, so an id with any other byte is unknown without a look-up that
    /// would compare it under canonical equivalence.
    private func productIndex(_ productID: String) throws(RequestError) -> Int {
        guard productID.utf8.allSatisfy({ $0 < 0x80 }), let index = catalogue.index(ofProduct: productID) else {
            throw .notFound("no product '\(productID.clipped(toUTF8Bytes: 80))'", code: "unknown_product")
        }
        return index
    }

    /// `{cart_id, revision, items: [{product_id, title, quantity, unit_price}], item_count, subtotal}`.
    private func render(_ cart: Cart, user: String, locale: StoreLocale) -> Data {
        var items: [JSONValue] = []
        var count = 0
        var subtotal = 0
        for line in cart.lines where Int(line.product) < catalogue.products.count {
            let product = catalogue.products[Int(line.product)]
            let quantity = Int(line.quantity)
            let price = product.price(in: locale)
            items.append([
                "product_id": .string(product.id), "title": .string(product.title[locale]),
                "quantity": .integer(quantity), "unit_price": price.json,
            ])
            count += quantity
            subtotal += price.cents * quantity
        }
        return JSONWriter.data(for: [
            "cart_id": .string(Self.cartID(user)), "revision": .integer(cart.revision), "items": .array(items),
            "item_count": .integer(count), "subtotal": Money(cents: subtotal, currency: locale.currency).json,
        ])
    }

    /// Derived from the user id rather than copying it, so that the id is short and safe.
    static func cartID(_ user: String) -> String {
        "cart-\(StableHash.hex(StableHash.fnv1a64(bytes: Array("cart:".utf8) + Array(user.utf8))))"
    }
}
