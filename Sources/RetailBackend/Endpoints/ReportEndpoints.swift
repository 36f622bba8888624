import Dispatch
import FlowCore
import Foundation
import HTTPServer
import RetailContract
import Synchronization

/// `GET /v1/reports/campaigns?from=&to=&segment=&locale=`: the campaign report over the
/// events this backend's store keeps (`CampaignResults`), for operators only, as
/// `GET /v1/events/stats` is: off (404) without an operator token, 401 without it.
enum ReportEndpoints {
    /// Reports are made one at a time on a thread of their own: a report reads every event of
    /// its period, and must not hold a thread the server answers shoppers on.
    static let reports = DispatchQueue(label: "vitrine.reports", qos: .utility)

    static func campaigns(_ exchange: RetailExchange, _ captures: HTTPPathCaptures, answer: @escaping @Sendable (RetailAPI.Answer) -> Void) {
        let backend = exchange.backend
        let query: CampaignReport.Query
        do {
            try backend.requireOperator(exchange.request, for: "the campaign report", route: RetailRoutes.campaignReport)
            query = try Self.query(exchange.request, now: backend.configuration.now())
        } catch {
            answer(.failure(error))
            return
        }
        let store = backend.requestStore
        reports.async { report(query, from: store, answer: answer) }
    }

    private static func report(_ query: CampaignReport.Query, from store: any ShopperStore,
                               answer: @escaping @Sendable (RetailAPI.Answer) -> Void) {
        store.compositions { result in
            switch result {
            case .failure(let error):
                answer(.failure(RequestError(error)))
            case .success(let compositions):
                let report = Mutex(CampaignReport(query: query, compositions: compositions))
                store.readEvents(received: query.from..<max(query.from, query.to), each: { event in report.withLock { $0.add(event) } }) { result in
                    switch result {
                    case .failure(let error): answer(.failure(RequestError(error)))
                    case .success: answer(.success(.json(report.withLock { $0.results.json })))
                    }
                }
            }
        }
    }

    /// `GET /metrics`: `BackendMetrics` in the Prometheus text format, for operators as the
    /// report is.
    static func metrics(_ exchange: RetailExchange, _ captures: HTTPPathCaptures) throws(RequestError) -> HTTPResponse {
        let backend = exchange.backend
        try backend.requireOperator(exchange.request, for: "the metrics", route: RetailRoutes.metrics)
        let (events, catalogue) = (backend.events.totals, backend.catalogues.status)
        let text = backend.metrics.text(BackendMetrics.Gauges(
            eventsAccepted: events.accepted, eventsDuplicated: events.duplicates, reloadsApplied: catalogue.reloads,
            reloadsRefused: catalogue.refusals, catalogueVersion: backend.catalogues.current.version))
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8"), ("Cache-Control", "no-store")],
                            body: Data(text.utf8))
    }

    /// `from` and `to` are RFC 3339 instants (default: `EventReports.defaultPeriod` before `to`, and now);
    /// `segment` and `locale` are optional filters, as `vitrine report campaigns` takes them.
    static func query(_ request: HTTPRequest, now: Date) throws(RequestError) -> CampaignReport.Query {
        func instant(_ name: String) throws(RequestError) -> Date? {
            guard let text = request.queryValue(name) else { return nil }
            guard let date = RFC3339.date(from: text) else {
                throw .badParameter("\(name) must be an RFC 3339 instant such as 2026-12-01T00:00:00Z")
            }
            return date
        }
        let to = try instant("to") ?? now
        let from = try instant("from") ?? to.addingTimeInterval(-EventReports.defaultPeriod)
        guard from <= to else { throw .badParameter("from must not be after to") }
        func filter(_ name: String) throws(RequestError) -> String? {
            guard let value = request.queryValue(name) else { return nil }
            guard value.utf8.count <= KeptEvent.maxIdentifierBytes else { throw .badParameter("\(name) is at most \(KeptEvent.maxIdentifierBytes) bytes") }
            return value
        }
        return CampaignReport.Query(from: EventReports.milliseconds(from), to: EventReports.milliseconds(to),
                                    segment: try filter("segment"), locale: try filter("locale"))
    }
}
