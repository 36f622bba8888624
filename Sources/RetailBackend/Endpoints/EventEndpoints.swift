import FlowCore
import Foundation
import HTTPServer
import RetailContract

/// `POST /v1/events` and `GET /v1/events/stats`.
enum EventEndpoints {
    /// `POST /v1/events` with `{events: [Event]}`: each event needs a string `event_id` and
    /// `name`; other fields are kept opaque. The whole batch is refused if one event is
    /// malformed, so a client never half-sends. An id counts once per shopper: the store's
    /// window (`ShopperStore.recordEvents`) says which are new and keeps them (`KeptEvent`) in
    /// the same transaction, and the answer waits until that is durable, so an acknowledged
    /// event is kept exactly once across restarts. The
    /// new ones count experiment exposures (`ExposureLog`, per process) for the shopper.
    static func receive(_ exchange: ShopperExchange, _ captures: HTTPPathCaptures, answer: @escaping @Sendable (RetailAPI.Answer) -> Void) {
        let backend = exchange.backend
        let batch: [(id: String, name: String, event: JSONValue)]
        do {
            batch = try eventBatch(exchange.request, limit: backend.configuration.maxEventsPerBatch)
        } catch {
            answer(.failure(error))
            return
        }
        let (events, exposures, catalogue, shopper) = (backend.events, backend.exposures, backend.catalogue, exchange.shopper)
        let kept = batch.map { KeptEvent(id: $0.id, name: $0.name, event: $0.event) }
        backend.requestStore.recordEvents(kept, of: shopper, at: backend.configuration.now()) { result in
            switch result {
            case .success(let fresh?):
                let accepted = zip(batch, fresh).filter(\.1).map { (name: $0.0.name, event: $0.0.event) }
                events.count(accepted: accepted, duplicates: batch.count - accepted.count)
                exposures.record(accepted.map(\.event), from: shopper.rawValue) { experiment, variant in
                    catalogue.experiments.contains { $0.id.isByteEqual(to: experiment) && $0.variants.contains { $0.id.isByteEqual(to: variant) } }
                }
                answer(.success(.json(["accepted": .integer(accepted.count), "duplicates": .integer(batch.count - accepted.count)])))
            case .success(nil):
                answer(.failure(RequestError(SessionError.shopperGone)))
            case .failure(let error):
                answer(.failure(RequestError(error)))
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

    /// `GET /v1/events/stats`: off (404) unless the operator gave a token at start, and then only
    /// for `Authorization: Bearer` that token (`HomeBackend.presentsOperatorToken`), since it
    /// shows what shoppers sent, whole.
    static func stats(_ exchange: RetailExchange, _ captures: HTTPPathCaptures) throws(RequestError) -> HTTPResponse {
        let backend = exchange.backend
        try backend.requireOperator(exchange.request, for: "the event statistics", route: RetailRoutes.eventStats)
        guard case .object(var stats) = backend.events.stats() else { return .json(backend.events.stats()) }
        stats["exposures"] = backend.exposures.stats()
        return .json(.object(stats))
    }
}
