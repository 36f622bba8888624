import FlowCore
import Foundation
import Testing
@testable import RetailBackend

/// A cart answer is written straight into bytes; these are the bytes of the cart as a
/// `JSONValue` tree (CONTRACT §10's shape, members in this order), for carts of every size,
/// departed products among them, in every locale.
@Suite struct CartAnswerBytesTests {
    /// The cart as a tree, member by member as CONTRACT §10 gives it.
    static func answerAsTree(_ cart: Cart, shopper: ShopperID, catalogue: Catalogue, locale requested: StoreLocale) -> Data {
        let locale = catalogue.locale(for: requested)
        var items: [JSONValue] = []
        var count = 0
        var subtotal = 0
        for line in cart.lines {
            let quantity = Int(line.quantity)
            guard let product = catalogue.product(line.product) else {
                items.append(.members([("product_id", .string(line.product)), ("quantity", .integer(quantity)), ("available", false)]))
                continue
            }
            let price = product.price(in: locale)
            var item: [(String, JSONValue)] = [
                ("product_id", .string(product.id)), ("title", .string(product.title[locale])),
                ("quantity", .integer(quantity)), ("unit_price", price.json),
            ]
            if let compareAt = product.compareAtPrice(in: locale) { item.append(("compare_at_price", compareAt.json)) }
            items.append(.members(item))
            count += quantity
            subtotal += price.cents * quantity
        }
        return JSONWriter.data(for: [
            "cart_id": .string(CartService.cartID(shopper)), "revision": .integer(cart.revision), "items": .array(items),
            "item_count": .integer(count), "subtotal": Money(cents: subtotal, currency: locale.currency).json,
        ])
    }

    /// Carts of 0 to 196 lines over the whole feed (on sale or not), every 11th line a product
    /// the feed no longer lists, quantities over 1…99.
    static func corpus(products: [Product]) -> [Cart] {
        [0, 1, 2, 4, 17, 64, 196].enumerated().map { seed, size in
            var cart = Cart(clock: 1_765_000_000_000_000 + seed)
            for index in 0..<size {
                let product = index % 11 == 10 ? "p-gone-\(index)" : products[(index * 7919 + seed) % products.count].id
                cart.lines.append(Cart.Line(product: product, quantity: UInt8((index * 37 + seed) % 99 + 1)))
            }
            return cart
        }
    }

    @Test(arguments: StoreLocale.allCases)
    func everyCartIsAnsweredWithTheBytesOfItsTree(locale: StoreLocale) throws {
        let backend = try makeBackend()
        let catalogue = backend.catalogues.current.catalogue
        #expect(catalogue.products.contains { $0.compareAtPrice(in: catalogue.locale(for: locale)) != nil })
        for (index, cart) in Self.corpus(products: catalogue.products).enumerated() {
            let shopper = ShopperID(rawValue: "shopper-\(index)")
            let streamed = backend.carts.render(cart, shopper: shopper, locale: locale)
            let tree = Self.answerAsTree(cart, shopper: shopper, catalogue: catalogue, locale: locale)
            #expect(streamed == tree, "cart of \(cart.lines.count) lines in \(locale.rawValue)")
        }
    }
}
