import FlowCore
import Foundation
import RetailContract

/// The cart of CONTRACT §10 over a `ShopperStore`: what a change means (the catalogue's rules),
/// its idempotency (the store applies it once per key, in one transaction with the answer it
/// remembers) and the canonical cart as JSON.
final class CartService: Sendable {
    /// What a cart change asks for, once its request has been read.
    enum Change: Sendable {
        /// `position`: where a line the add makes goes (`Cart.add(product:quantity:at:)`).
        case add(productID: String, quantity: Int, position: Int?)
        /// The line holds exactly `quantity`.
        case set(productID: String, quantity: Int)
        case remove(productID: String)
    }

    /// A change as it arrives: whose, from where, under which key and meaning.
    struct Request: Sendable {
        /// Nil when the request could not be read: it still meets its idempotency key first,
        /// and is then refused as `CartError.unreadableChange`.
        var change: Change?
        var shopper: ShopperID
        var address: String
        var idempotencyKey: String?
        var fingerprint: UInt64
        var locale: StoreLocale
        /// The `sold_out` fault: low-stock products are refused as unavailable.
        var lowStockSoldOut = false
    }

    /// Products are read from the catalogue serving now: a reload changes prices and copy at
    /// the next read, and a product that left the feed stays in the carts that hold it.
    private let catalogues: CatalogueStore
    private var catalogue: Catalogue { catalogues.current.catalogue }
    private let store: any ShopperStore
    private let now: @Sendable () -> Date
    private let keyLifetime: TimeInterval

    init(catalogues: CatalogueStore, store: any ShopperStore, now: @escaping @Sendable () -> Date, keyLifetime: TimeInterval) {
        self.catalogues = catalogues
        self.store = store
        self.now = now
        self.keyLifetime = keyLifetime
    }

    /// The canonical cart of a shopper. A shopper the store no longer holds (a session swept
    /// as it expired) is refused as the session is.
    func cart(shopper: ShopperID, locale: StoreLocale, completion: @escaping @Sendable (Result<Data, CartError>) -> Void) {
        store.cart(of: shopper) { [self] result in
            switch result {
            case .success(let cart?):
                completion(.success(render(cart, shopper: shopper, locale: locale)))
            case .success(nil):
                completion(.failure(.shopperGone))
            case .failure(let error):
                completion(.failure(.store(error)))
            }
        }
    }

    /// Applies a change once per idempotency key and answers the canonical cart.
    ///
    /// The key is looked up first: a key seen before (and not expired) answers what it
    /// answered then and changes nothing, or is a 422 `idempotency_key_reused` when the
    /// request means something else, even one that would fail on its own. Then the change is
    /// checked: readable, quantity 1–99, a product the feed lists or the cart holds, available
    /// (with the `sold_out` fault low-stock products are not), a line of at most 99. A quantity is refused as unavailable only when it would raise the
    /// line: a shopper can always keep fewer of what sold out or left the feed, and remove it.
    func apply(_ request: Request, completion: @escaping @Sendable (Result<Data, CartError>) -> Void) {
        let command = CartCommand(
            shopper: request.shopper, address: request.address, key: request.idempotencyKey.map(ExactText.init),
            fingerprint: request.fingerprint, locale: request.locale, now: now, keyLifetime: keyLifetime,
            change: rule(for: request.change, lowStockSoldOut: request.lowStockSoldOut))
        store.apply(command) { [self] result in
            switch result {
            case .success(.answer(let cart, let locale)): completion(.success(render(cart, shopper: request.shopper, locale: locale)))
            case .success(.refused(let error)): completion(.failure(error))
            case .failure(let error): completion(.failure(.store(error)))
            }
        }
    }

    /// The quantities a line may hold.
    static let lineQuantities = RetailLimits.lineQuantity

    private func rule(for change: Change?, lowStockSoldOut: Bool) -> @Sendable (inout Cart, Date) throws(CartError) -> Void {
        { [catalogue] (cart: inout Cart, instant: Date) throws(CartError) in
            let clock = Cart.clock(instant)
            /// nil: the feed does not list it (`CartRule`).
            func isBuyable(_ productID: String) -> Bool? {
                catalogue.product(productID).map { !($0.availability == .unavailable || (lowStockSoldOut && $0.availability == .lowStock)) }
            }
            guard let change else { throw .unreadableChange }
            do throws(CartRule.Refusal) {
                switch change {
                case .add(let productID, let quantity, let position):
                    _ = try CartRule.add(quantity, to: cart.quantity(of: productID), productID: productID, isBuyable: isBuyable(productID))
                    cart.add(product: productID, quantity: quantity, at: position)
                    cart.advanceRevision(clock: clock)
                case .set(let productID, let quantity):
                    if let quantity = try CartRule.set(quantity, from: cart.quantity(of: productID), productID: productID, isBuyable: isBuyable(productID)) {
                        cart.set(product: productID, quantity: quantity)
                        cart.advanceRevision(clock: clock)
                    }
                case .remove(let productID):
                    if try CartRule.remove(current: cart.quantity(of: productID), productID: productID, isBuyable: isBuyable(productID)) {
                        cart.remove(product: productID)
                        cart.advanceRevision(clock: clock)
                    }
                }
            } catch {
                throw CartError(error)
            }
        }
    }

    /// `{cart_id, revision, items: [{product_id, title, quantity, unit_price, compare_at_price?}],
    /// item_count, subtotal}`, `compare_at_price` on a product on sale. A line whose product the feed no longer lists is `{product_id, quantity,
    /// available: false}`, counted in neither `item_count` nor `subtotal`.
    /// Rendered in the catalogue serving now, in `requested` when the store sells in it, else
    /// in the catalogue's first locale (as pages are): never at a price in a currency the feed
    /// does not list.
    ///
    /// Written straight into bytes (no `JSONValue` tree): a cart answers every add, and a cart
    /// of many lines is most of what the add costs. The bytes are those of the tree a test
    /// builds for the same cart (`CartAnswerBytesTests`).
    func render(_ cart: Cart, shopper: ShopperID, locale requested: StoreLocale) -> Data {
        let catalogue = catalogue
        let locale = catalogue.locale(for: requested)
        var writer = JSONWriter(reservingCapacity: 128 + 112 * cart.lines.count)
        var count = 0
        var subtotal = 0
        writer.beginObject()
        writer.key("cart_id")
        writer.value(string: Self.cartID(shopper))
        writer.key("revision")
        writer.value(integer: cart.revision)
        writer.key("items")
        writer.beginArray()
        for line in cart.lines {
            let quantity = Int(line.quantity)
            writer.beginObject()
            guard let product = catalogue.product(line.product) else {
                writer.key("product_id")
                writer.value(string: line.product)
                writer.key("quantity")
                writer.value(integer: quantity)
                writer.key("available")
                writer.value(.bool(false))
                writer.endObject()
                continue
            }
            let price = product.price(in: locale)
            writer.key("product_id")
            writer.value(string: product.id)
            writer.key("title")
            writer.value(string: product.title[locale])
            writer.key("quantity")
            writer.value(integer: quantity)
            writer.key("unit_price")
            price.write(to: &writer)
            if let compareAt = product.compareAtPrice(in: locale) {
                writer.key("compare_at_price")
                compareAt.write(to: &writer)
            }
            writer.endObject()
            count += quantity
            subtotal += price.cents * quantity
        }
        writer.endArray()
        writer.key("item_count")
        writer.value(integer: count)
        writer.key("subtotal")
        Money(cents: subtotal, currency: locale.currency).write(to: &writer)
        writer.endObject()
        return Data(writer.bytes)
    }

    /// Derived from the shopper id rather than copying it, so that the id is short and says
    /// nothing of the session.
    static func cartID(_ shopper: ShopperID) -> String {
        "cart-\(StableHash.hex(StableHash.fnv1a64(bytes: Array("cart:".utf8) + Array(shopper.rawValue.utf8))))"
    }
}
