import FlowCore
import FlowRuntime

/// The retail host actions on the dispatcher: `add_to_cart` → the cart (and an `add_to_cart`
/// event), `deeplink` → a destination, `open_page` and `open_search` → the navigator; and a
/// `tap` event, with its `action_type`, for every action fired by a tap.
///
/// The dispatcher has already run `VitrineApp.actionPolicy` (the checks `vitrine lint` makes)
/// before these see an action, so they refuse nothing the policy lets through, except a push
/// beyond `Navigator.maximumDepth`.
@MainActor
public enum HostActions {
    /// Registers the handlers on `dispatcher` (after its built-ins, so they come first).
    /// `carryPick` hears the quantity picked on a product page whose variant takes its place
    /// (an `open_page` that replaces it), for the variant's page to offer it too.
    public static func register(
        on dispatcher: ActionDispatcher, cart: CartStore, navigator: Navigator, analytics: AnalyticsTracker?,
        carryPick: (@MainActor (PageID, Int) -> Void)? = nil
    ) {
        dispatcher.register(ClosureActionHandler(name: "host add_to_cart", types: [AddToCartAction.type]) { action, context in
            do throws(DecodingFailure) {
                let payload = try action.decode(AddToCartAction.self)
                let inCart = cart.lines.first { $0.productID.utf8.elementsEqual(payload.productID.utf8) }?.quantity ?? 0
                let chosen = chosenQuantity(for: payload, origin: context.origin, inCart: inCart)
                let quantity = chosen ?? payload.quantity
                cart.add(productID: payload.productID, quantity: quantity, item: item(for: payload.productID, origin: context.origin))
                analytics?.trackAddToCart(productID: payload.productID, quantity: quantity, origin: context.origin)
                // Added from a product page: the quantity picked is spent, the picker shows the
                // call's own again beside what the cart now holds ("✓ 3 in cart").
                if chosen != nil, let widgetID = context.origin.widgetID { context.origin.store?.widgetState[widgetID] = nil }
            } catch {
                context.refuse(error.message)
            }
        })
        dispatcher.register(ClosureActionHandler(name: "host deeplink", types: [DeeplinkAction.type]) { action, context in
            do throws(DecodingFailure) {
                let payload = try action.decode(DeeplinkAction.self)
                if let reason = VitrineApp.deeplinks.refusal(for: payload.url) {
                    context.refuse(reason)
                    return
                }
                open(Destination.forDeeplink(payload.url), on: navigator, context: context)
            } catch {
                context.refuse(error.message)
            }
        })
        dispatcher.register(ClosureActionHandler(name: "host open_page", types: [OpenPageAction.type]) { action, context in
            do throws(DecodingFailure) {
                let payload = try action.decode(OpenPageAction.self)
                if payload.replace, let picked = pickedQuantity(at: context.origin) {
                    carryPick?(PageID(payload.pageID), picked)
                }
                if payload.replace {
                    navigator.replace(with: .page(PageID(payload.pageID)))
                } else {
                    open(.page(PageID(payload.pageID)), on: navigator, context: context)
                }
            } catch {
                context.refuse(error.message)
            }
        })
        dispatcher.register(ClosureActionHandler(name: "host open_search", types: [OpenSearchAction.type]) { action, context in
            do throws(DecodingFailure) {
                open(.search(query: try action.decode(OpenSearchAction.self).query), on: navigator, context: context)
            } catch {
                context.refuse(error.message)
            }
        })
        // Registered last, so it sees every action first; it never takes one.
        if let analytics {
            dispatcher.register(ClosureActionHandler(name: "tap events") { action, context in
                if context.origin.event.utf8.elementsEqual("tap".utf8) { analytics.trackTap(action, origin: context.origin) }
                return false
            })
        }
    }

    /// The quantity the `product_detail` the add came from shows (`offeredQuantity`: what the
    /// shopper picked, its local state, else the call's own, within its limit and the room the
    /// cart's line has with `inCart` in it); `nil` when the add came from anything else.
    static func chosenQuantity(for payload: AddToCartAction, origin: ActionOrigin, inCart: Int) -> Int? {
        guard let widgetID = origin.widgetID, let store = origin.store, let widget = store.page?.widget(id: widgetID),
            let detail = widget.content(as: ProductDetailContent.self), detail.productID.isByteEqual(to: payload.productID)
        else { return nil }
        return detail.offeredQuantity(picked: store.widgetState[widgetID]?.intValue, inCart: inCart)
    }

    /// The quantity the shopper picked on the `product_detail` an action came from, if any.
    static func pickedQuantity(at origin: ActionOrigin) -> Int? {
        guard let widgetID = origin.widgetID, let store = origin.store, let widget = store.page?.widget(id: widgetID),
            widget.content(as: ProductDetailContent.self) != nil
        else { return nil }
        return store.widgetState[widgetID]?.intValue
    }

    /// What the shopper saw of the product where the add came from: the title and price of
    /// the widget that fired it, when it shows that product.
    static func item(for productID: String, origin: ActionOrigin) -> CartItem? {
        guard let widgetID = origin.widgetID, let widget = origin.store?.page?.widget(id: widgetID) else { return nil }
        if let card = widget.content(as: ProductCardContent.self), card.productID.isByteEqual(to: productID) {
            return CartItem(title: card.title.text, unitPrice: card.price)
        }
        if let detail = widget.content(as: ProductDetailContent.self), detail.productID.isByteEqual(to: productID) {
            return CartItem(title: detail.title.text, unitPrice: detail.price)
        }
        return nil
    }

    private static func open(_ destination: Destination, on navigator: Navigator, context: ActionContext) {
        guard navigator.open(destination) else {
            context.refuse("\(Navigator.maximumDepth) screens are open already, the most allowed")
            return
        }
    }
}
