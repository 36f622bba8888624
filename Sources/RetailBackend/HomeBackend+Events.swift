import FlowCore
import Foundation

extension HomeBackend {
    /// Whose ids an event's id is de-duplicated among: its `X-Vitrine-User`, or for a client
    /// without one, its address (so anonymous clients do not share one window either).
    static func eventSender(of request: HTTPRequest) -> String {
        request.header("x-vitrine-user").map { "user " + $0 } ?? "address " + request.clientAddress
    }

    /// `POST /v1/events` with `{events: [Event]}`: each event needs a string `event_id` and
    /// `name`; other fields are kept opaque. The whole batch is refused if one event is
    /// malformed, so a client never half-sends.
    func receiveEvents(_ request: HTTPRequest) throws(RequestError) -> HTTPResponse {
        let body = try RequestBody.object(request)
        guard let list = body["events"]?.arrayValue else { throw .badBody("'events' must be an array of events") }
        guard list.count <= configuration.maxEventsPerBatch else {
            throw .unprocessable("at most \(configuration.maxEventsPerBatch) events a request, not \(list.count)", code: "too_many_events")
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
        let result = events.record(batch, from: Self.eventSender(of: request))
        let catalogue = self.catalogue
        exposures.record(batch.map(\.event), from: Self.eventSender(of: request)) { experiment, variant in
            catalogue.experiments.contains { $0.id.isByteEqual(to: experiment) && $0.variants.contains { $0.id.isByteEqual(to: variant) } }
        }
        return .json(["accepted": .integer(result.accepted), "duplicates": .integer(result.duplicates)])
    }

    /// `GET /v1/events/stats`: the event counts, and the experiments' exposures per variant.
    func eventStats() -> JSONValue {
        guard case .object(var object) = events.stats() else { return events.stats() }
        object["exposures"] = exposures.stats()
        return .object(object)
    }
}
