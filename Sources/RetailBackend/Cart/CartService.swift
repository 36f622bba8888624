import FlowCore
import Foundation
import Synchronization

/// Carts per user and the idempotency of their changes, behind one lock so that a change
/// and the answer remembered for its key are one step: concurrent retries of one key
/// cannot both apply.
final class CartService: Sendable {
    struct Book: Sendable {
        var carts: BoundedDictionary<String, Cart>
        var idempotency: IdempotencyStore
        /// The last revision given to any cart. Revisions come from this one counter, so a
        /// cart that was forgotten (capacity) and made anew still never goes back in revision.
        var lastRevision = 0
    }

    /// What a cart change asks for.
    enum Change: Sendable {
        case add(productID: String, quantity: Int)
        case remove(productID: String)
    }

    private let catalogue: Catalogue
    private let now: @Sendable () -> Date
    private let book: Mutex<Book>

    init(catalogue: Catalogue, now: @escaping @Sendable () -> Date, cartCapacity: Int, idempotencyCapacity: Int,
         idempotencyLifetime: TimeInterval) {
        self.catalogue = catalogue
        self.now = now
        book = Mutex(Book(carts: BoundedDictionary(capacity: cartCapacity),
                          idempotency: IdempotencyStore(capacity: idempotencyCapacity, lifetime: idempotencyLifetime)))
    }

    /// The canonical cart of a user.
    func cart(user: String, locale: StoreLocale) -> Data {
        let cart = book.withLock { $0.carts[user] } ?? Cart(id: Self.cartID(user))
        return render(cart, locale: locale)
    }

    /// Applies a change once per idempotency key and answers the canonical cart.
    ///
    /// A key seen before (and not expired) answers what it answered then and changes
    /// nothing; the same key with another request is a 422. Checks: quantity 1–99 (422),
    /// known product (404), available (409), a line of at most 99 (422).
    func apply(_ change: Change, user: String, idempotencyKey: String?, fingerprint: UInt64,
               locale: StoreLocale) throws(RequestError) -> Data {
        if case .add(_, let quantity) = change, !(1...99).contains(quantity) {
            throw .unprocessable("quantity must be from 1 to 99, not \(quantity)", code: "invalid_quantity")
        }
        let productID: String
        switch change {
        case .add(let id, _), .remove(let id): productID = id
        }
        guard let product = catalogue.product(productID) else {
            throw .notFound("no product '\(productID.prefix(80))'", code: "unknown_product")
        }
        if case .add = change, product.availability == .unavailable {
            throw .conflict("'\(product.id)' is unavailable", code: "product_unavailable")
        }
        let instant = now()
        let result: Result<Data, RequestError> = book.withLock { book in
            let key = idempotencyKey.map { IdempotencyStore.Key(user: user, key: $0) }
            if let key, let entry = book.idempotency.entry(for: key, at: instant) {
                guard entry.fingerprint == fingerprint else {
                    return .failure(.unprocessable(
                        "Idempotency-Key '\(key.key.prefix(80))' was used for a different request", code: "idempotency_key_reused"))
                }
                return .success(entry.body)
            }
            var cart = book.carts[user] ?? Cart(id: Self.cartID(user))
            switch change {
            case .add(let id, let quantity):
                let total = cart.quantity(of: id) + quantity
                guard total <= 99 else {
                    return .failure(.unprocessable(
                        "a cart line holds at most 99; this one would hold \(total)", code: "invalid_quantity"))
                }
                cart.add(id, quantity: quantity)
                book.lastRevision += 1
                cart.revision = book.lastRevision
            case .remove(let id):
                if cart.remove(id) {
                    book.lastRevision += 1
                    cart.revision = book.lastRevision
                }
            }
            book.carts.set(cart, for: user)
            let body = render(cart, locale: locale)
            if let key { book.idempotency.remember(key, fingerprint: fingerprint, body: body, at: instant) }
            return .success(body)
        }
        return try result.get()
    }

    /// `{cart_id, revision, items: [{product_id, title, quantity, unit_price}], item_count, subtotal}`.
    private func render(_ cart: Cart, locale: StoreLocale) -> Data {
        var items: [JSONValue] = []
        var count = 0
        var subtotal = 0
        for line in cart.lines {
            guard let product = catalogue.product(line.productID) else { continue }
            let price = product.price(in: locale)
            items.append([
                "product_id": .string(product.id), "title": .string(product.title[locale]),
                "quantity": .integer(line.quantity), "unit_price": price.json,
            ])
            count += line.quantity
            subtotal += price.cents * line.quantity
        }
        return JSONWriter.data(for: [
            "cart_id": .string(cart.id), "revision": .integer(cart.revision), "items": .array(items),
            "item_count": .integer(count), "subtotal": Money(cents: subtotal, currency: locale.currency).json,
        ])
    }

    /// Derived from the user id rather than copying it, so that any header value gives a
    /// short, safe id.
    static func cartID(_ user: String) -> String {
        "cart-\(StableHash.hex(StableHash.fnv1a64("cart:\(user)")))"
    }
}
