import FlowCore
import FlowRuntime
import Foundation
import ImagePipeline
import RetailContract

/// Pages from the bundled shop for one locale and segment: the `PageSource` the cache-first
/// repository fills. Every page is whole (no next page) and fresh; `api` calls go to
/// `BundledActions`.
public struct BundledPageSource: PageSource {
    public let shop: BundledShop
    public let locale: String
    public let segment: String

    public init(shop: BundledShop, locale: String, segment: String) {
        self.shop = shop
        self.locale = locale
        self.segment = segment
    }

    public func updates(for request: PageRequest) -> AsyncThrowingStream<PageUpdate, any Error> {
        let (shop, locale, segment) = (shop, locale, segment)
        return AsyncThrowingStream { continuation in
            do {
                switch request.kind {
                case .initial, .refresh:
                    continuation.yield(PageUpdate(data: try shop.page(request.pageID, locale: locale, segment: segment), origin: .fresh))
                case .nextPage:
                    throw HomeAPIError.status(404, code: RetailErrorCode.notFound.rawValue, message: "a bundled page has no next page", retryAfter: nil)
                case .action(let call):
                    continuation.yield(PageUpdate(data: try BundledActions(shop: shop, locale: locale).answer(call), origin: .fresh))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }
}

/// `api` actions answered as the backend answers them, from the bundled shop: "notify me" on
/// an unavailable product, refused as the backend refuses it (400 `invalid_body` for a body
/// without the card's `widget_id` or the action's `product_id`, 404 `unknown_product`, 409
/// `product_available`, checked in that order); any other action is unknown (a 404
/// `unknown_action`, as the backend says).
public struct BundledActions: ActionTransport {
    public let shop: BundledShop
    public let locale: String

    public init(shop: BundledShop, locale: String) {
        self.shop = shop
        self.locale = locale
    }

    public func send(_ call: ActionCall) async throws -> Data {
        try answer(call)
    }

    func answer(_ call: ActionCall) throws -> Data {
        guard call.endpoint.path.isByteEqual(to: RetailRoutes.member(.actions, RetailAPIAction.notifyMe)) else {
            throw HomeAPIError.status(404, code: RetailErrorCode.unknownAction.rawValue, message: "no such action in the bundled shop", retryAfter: nil)
        }
        // The backend's checks, in its order (`ActionEndpoints.notifyMe`), of the body the
        // client posts: the card's `widget_id`, the action's `product_id`, a product the feed
        // lists (404), one that is unavailable (409).
        let body = call.context.body(for: call.action)
        guard case .string(let widgetID)? = body["widget_id"], (1...200).contains(widgetID.utf8.count) else {
            throw HomeAPIError.status(400, code: RetailErrorCode.invalidBody.rawValue,
                                      message: "'widget_id' must be a non-empty string of at most 200 UTF-8 bytes", retryAfter: nil)
        }
        guard case .string(let productID)? = body["action"]?["product_id"], (1...128).contains(productID.utf8.count) else {
            throw HomeAPIError.status(400, code: RetailErrorCode.invalidBody.rawValue,
                                      message: "'product_id' must be a non-empty string of at most 128 UTF-8 bytes", retryAfter: nil)
        }
        let catalogue = try shop.catalogue(locale: locale)
        guard catalogue.product(productID) != nil else {
            throw HomeAPIError.status(404, code: RetailErrorCode.unknownProduct.rawValue,
                                      message: "no product '\(productID.clipped(toUTF8Bytes: 80))'", retryAfter: nil)
        }
        guard let answer = catalogue.notifyAnswer(productID: productID, widgetID: widgetID) else {
            throw HomeAPIError.status(409, code: RetailErrorCode.productAvailable.rawValue, message: "this product can be added to the cart instead", retryAfter: nil)
        }
        return answer
    }
}

/// The bundled shop's images, for the image pipeline: a URL on `BundledShop.origin` whose path
/// the bundle lists; anything else is a 404, and nothing is fetched from a network.
public struct BundledImageLoader: DataLoading {
    public let shop: BundledShop

    public init(shop: BundledShop) {
        self.shop = shop
    }

    public func data(for url: URL, maxBytes: Int) async throws -> Data {
        try Task.checkCancellation()
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.scheme?.lowercased() == BundledShop.origin.scheme, components.host?.lowercased() == BundledShop.origin.host,
            components.port == nil, let data = shop.image(path: components.percentEncodedPath)
        else { throw ImagePipeline.Error.network(status: 404) }
        guard data.count <= maxBytes else { throw ImagePipeline.Error.downloadTooLarge(limit: maxBytes) }
        return data
    }
}
