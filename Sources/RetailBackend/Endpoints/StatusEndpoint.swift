import FlowCore
import Foundation
import HTTPServer

/// `GET /v1/status`: the backend's time and its catalogue (version, when it was loaded,
/// whether the latest change was refused). A refused change's files and messages, which
/// may name campaigns not yet public, are told only to a request with the operator's token
/// (`presentsOperatorToken`); everyone else, loopback and in-process callers included, is
/// told how many there are.
enum StatusEndpoint {
    static func status(_ exchange: RetailExchange, _ captures: HTTPPathCaptures) throws(RequestError) -> HTTPResponse {
        let backend = exchange.backend
        let (catalogues, configuration) = (backend.catalogues, backend.configuration)
        let snapshot = catalogues.current
        let status = catalogues.status
        var catalogue: [(String, JSONValue)] = [
            ("source", .string(configuration.catalogue.directory == nil ? "built-in" : "directory")),
            ("version", .integer(snapshot.version)),
            ("loaded_at", .string(RFC3339.string(from: snapshot.loadedAt))),
            ("campaigns", .integer(snapshot.catalogue.campaigns.count)),
            ("state", .string(status.refusedAt == nil ? "current" : "stale")),
            ("reloads", .integer(status.reloads)),
            ("refusals", .integer(status.refusals)),
        ]
        if let refusedAt = status.refusedAt {
            catalogue.append(("refused_at", .string(RFC3339.string(from: refusedAt))))
            catalogue.append(("problems", backend.presentsOperatorToken(exchange.request)
                ? .array(status.refused.prefix(100).map { problem in
                    .members([("file", .string(problem.file)), ("line", problem.line.map { .integer($0) } ?? .null),
                              ("message", .string(problem.message))])
                })
                : .integer(status.refused.count)))
        }
        return .json(.members([("now", .string(RFC3339.string(from: configuration.now()))), ("catalogue", .members(catalogue))]))
    }
}
