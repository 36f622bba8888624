import FlowCore
import Foundation
import HTTPServer
import RetailContract

extension HomeBackend {
    /// `POST /v1/events` with `{events: [Event]}`: each event needs a string `event_id` and
    /// `name`; other fields are kept opaque. The whole batch is refused if one event is
    /// malformed, so a client never half-sends. An id counts once per shopper: the store's
    /// window (`ShopperStore.recordEvents`) says which are new, and the answer waits until
    /// that is durable, so an acknowledged event is never counted again after a restart. The
    /// new ones count experiment exposures (`ExposureLog`, per process) for the shopper.
    func receiveEvents(_ request: HTTPRequest, shopper: ShopperID, reply: @escaping @Sendable (Result<HTTPResponse, RequestError>) -> Void) {
        let batch: [(id: String, name: String, event: JSONValue)]
        do {
            batch = try Self.eventBatch(request, limit: configuration.maxEventsPerBatch)
        } catch {
            reply(.failure(error))
            return
        }
        let events = self.events
        let exposures = self.exposures
        let catalogue = self.catalogue
        requestStore.recordEvents(batch.map { ExactText($0.id) }, of: shopper, at: configuration.now()) { result in
            switch result {
            case .success(let fresh?):
                let accepted = zip(batch, fresh).filter(\.1).map { (name: $0.0.name, event: $0.0.event) }
                events.count(accepted: accepted, duplicates: batch.count - accepted.count)
                exposures.record(accepted.map(\.event), from: shopper.rawValue) { experiment, variant in
                    catalogue.experiments.contains { $0.id.isByteEqual(to: experiment) && $0.variants.contains { $0.id.isByteEqual(to: variant) } }
                }
                reply(.success(.json(["accepted": .integer(accepted.count), "duplicates": .integer(batch.count - accepted.count)])))
            case .success(nil):
                reply(.failure(CartCommand.goneShopper))
            case .failure(let error):
                reply(.failure(error.requestError))
            }
        }
    }

    private static func eventBatch(_ request: HTTPRequest, limit: Int) throws(RequestError) -> [(id: String, name: String, event: JSONValue)] {
        let body = try RequestBody.object(request)
        guard let list = body["events"]?.arrayValue else { throw .badBody("'events' must be an array of events") }
        guard list.count <= limit else {
            throw .unprocessable("at most \(limit) events a request, not \(list.count)", code: .tooManyEvents)
        }
        var batch: [(id: String, name: String, event: JSONValue)] = []
        for (index, event) in list.enumerated() {
            guard case .object = event else { throw .badBody("events[\(index)] must be an object") }
            do {
                batch.append((try RequestBody.string(event, "event_id"), try RequestBody.string(event, "name", maxBytes: 64), event))
            } catch {
                throw .badBody("events[\(index)]: \(error.message)")
            }
        }
        return batch
    }

    /// Whether `token` can be the operator's token: 16 to 256 characters of RFC 7235's token68
    /// (`A-Z a-z 0-9 - . _ ~ + / =`), what an `Authorization: Bearer` header carries, whole
    /// (the header's trailing spaces are dropped, so a token that ends in one could never match).
    public static func isValidOperatorToken(_ token: String) -> Bool {
        (16...256).contains(token.utf8.count)
            && SessionToken.parse(authorization: "Bearer " + token)?.text.utf8.elementsEqual(token.utf8) == true
    }

    /// `GET /v1/events/stats`: off (404) unless the operator gave a token at start, and then only
    /// for `Authorization: Bearer` that token (`presentsOperatorToken`), since it shows what
    /// shoppers sent, whole.
    func eventStats(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        guard configuration.operatorToken != nil else {
            throw .notFound("no route GET /v1/events/stats (the event statistics are off: vitrine serve --operator-token-file)")
        }
        guard presentsOperatorToken(request) else {
            throw RequestError(status: 401, code: .invalidOperatorToken, message: "the event statistics need the operator's token",
                               headers: ["WWW-Authenticate": #"Bearer realm="vitrine-operator""#])
        }
        guard case .object(var stats) = events.stats() else { return .json(events.stats()) }
        stats["exposures"] = exposures.stats()
        return .json(.object(stats))
    }
}
