import HTTPServer
import RetailContract

/// The API of CONTRACT §10 as one route table: an endpoint is a handler in `Endpoints/` and one
/// line here, in the group whose handlers get what it needs. The paths are `RetailRoutes`'.
enum RetailAPI {
    /// What every handler answers: the response, or why the request is refused.
    typealias Answer = Result<HTTPResponse, RequestError>
    typealias Router = HTTPRouter<RetailExchange, Answer>

    static let router: Router = {
        var router = Router()
        // Anyone's, answered from this process alone but for a new session.
        router.group { api in
            api.get(HTTPPathPattern(RetailRoutes.home), immediate(PageEndpoints.home))
            api.get(HTTPPathPattern(RetailRoutes.collection(.pages)).capturing(), immediate(PageEndpoints.page))
            api.post(HTTPPathPattern(RetailRoutes.collection(.actions)).capturing(), immediate(ActionEndpoints.action))
            api.get(HTTPPathPattern(RetailRoutes.collection(.images)).capturing(), immediate(ImageEndpoints.image))
            api.get(HTTPPathPattern(RetailRoutes.suggestions), immediate(SearchEndpoints.suggestions))
            api.get(HTTPPathPattern(RetailRoutes.eventStats), immediate(EventEndpoints.stats))
            api.get(HTTPPathPattern(RetailRoutes.campaignReport), ReportEndpoints.campaigns)
            api.get(HTTPPathPattern(RetailRoutes.metrics), immediate(ReportEndpoints.metrics))
            api.get(HTTPPathPattern(RetailRoutes.status), immediate(StatusEndpoint.status))
            api.post(HTTPPathPattern(RetailRoutes.sessions), SessionEndpoints.create)
        }
        // One shopper's: their session is resolved before the handler runs.
        router.group(prepare: ShopperExchange.authenticate) { shopper in
            shopper.get(HTTPPathPattern(RetailRoutes.cart), CartEndpoints.cart)
            shopper.post(HTTPPathPattern(RetailRoutes.cartItems), CartEndpoints.add)
            shopper.put(HTTPPathPattern(RetailRoutes.cartItems).capturing(), CartEndpoints.setQuantity)
            shopper.delete(HTTPPathPattern(RetailRoutes.cartItems).capturing(), CartEndpoints.remove)
            shopper.post(HTTPPathPattern(RetailRoutes.events), EventEndpoints.receive)
        }
        return router
    }()

    /// A handler that answers at once, as the table's handlers answer.
    private static func immediate(
        _ handler: @escaping @Sendable (RetailExchange, HTTPPathCaptures) throws(RequestError) -> HTTPResponse
    ) -> HTTPRouteGroup<RetailExchange, Answer>.Handler {
        { exchange, captures, answer in answer(Result { () throws(RequestError) in try handler(exchange, captures) }) }
    }
}
