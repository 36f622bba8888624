import FlowCore
import Foundation
import RetailContract

extension HomeAPIClient {
    /// `POST /v1/events` with a batch body `{"events": [...]}` as the outbox made it. Throws
    /// the HTTP status as `HomeAPIError.status` when it is not 2xx.
    public func sendEvents(_ body: Data) async throws {
        _ = try await sendExpectingSuccess(try Self.endpoint(RetailRoutes.events), method: "POST", body: body, session: .required)
    }

    /// `GET /v1/events/stats` with the operator's token: accepted and duplicate counts, and
    /// accepted events by name (for tools and tests; the statistics are off unless the backend
    /// was given a token).
    public func eventStats(operatorToken: String) async throws -> (accepted: Int, duplicates: Int, counts: [String: Int]) {
        let reply = try await sendExpectingSuccess(try Self.endpoint(RetailRoutes.eventStats), headers: [("Authorization", "Bearer " + operatorToken)])
        guard let document = try? JSONParser.parse(reply.body), let accepted = document["accepted"]?.intValue else {
            throw HomeAPIError.undecodable("event stats must be {accepted, duplicates, counts}")
        }
        var counts: [String: Int] = [:]
        for member in document["counts"]?.objectValue ?? JSONObject() {
            counts[member.key] = member.value.intValue ?? 0
        }
        return (accepted, document["duplicates"]?.intValue ?? 0, counts)
    }
}
