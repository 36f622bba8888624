import FlowCore
import Foundation

/// `api`: posts `{"action", "page_id", "request_id", "widget_id", "value"}` to a path on the
/// backend that served the page, applies the returned mutations through the page store and
/// shows the returned toast (CONTRACT §7).
///
/// The endpoint and method are checked by decoding `APIAction` (an absolute path on the
/// serving origin, a method from the allow-list); anything else is refused and reported before
/// anything is sent, so credentials never leave the backend's origin. The checked call travels
/// to the transport. Mutations that arrive after the page was replaced are dropped.
struct APIActionHandler: ActionHandler {
    let name = "built-in api"

    func handle(_ action: ActionData, context: ActionContext) -> Bool {
        guard action.type == BuiltInActionType.api else { return false }
        let api: APIAction
        do {
            api = try action.decode(APIAction.self)
        } catch {
            context.refuse(error.message)
            return true
        }
        guard let transport = context.dispatcher?.transport else {
            context.refuse("no transport for api actions")
            return true
        }
        let store = context.store
        let widgetID = context.origin.widgetID
        let value = widgetID.flatMap { store?.widgetState[$0] } ?? .null
        let requestID = store?.page?.requestID
        let callContext = ActionCallContext(pageID: store?.pageID ?? "", requestID: requestID, widgetID: widgetID, value: value)
        let call = ActionCall(action: action, endpoint: api.endpoint, method: api.method, context: callContext)
        let generation = store?.pageGeneration
        let decoder = context.decoder
        let failureMessage = context.dispatcher?.apiFailureMessage
        context.run {
            let data: Data
            do {
                data = try await transport.send(call)
            } catch {
                if Task.isCancelled || error is CancellationError { return .failed("cancelled") }
                if let failureMessage { context.toasts.show(failureMessage) }
                return .failed("transport: \(error)")
            }
            // A cancelled action changes nothing, even when its answer arrived.
            guard !Task.isCancelled else { return .failed("cancelled") }
            let response: ActionResponse
            do throws(PageDecodingError) {
                response = try await OffMainDecoding.decodeActionResponse(data, decoder: decoder)
            } catch {
                context.report([error.diagnostic], source: .refusedDocument(kind: "action"), requestID: requestID)
                return .failed("unreadable response: \(error)")
            }
            guard !Task.isCancelled else { return .failed("cancelled") }
            // Filed under the composition the action was fired on, even if the page changed since.
            context.report(response.diagnostics, source: .mutations, requestID: requestID)
            var note = "no mutations"
            if !response.mutations.isEmpty {
                switch context.store?.apply(response.mutations, mode: response.mode, ifPageGeneration: generation) {
                case .applied(let result)?:
                    note = result.isRolledBack ? "rolled back" : "\(result.appliedCount) of \(response.mutations.count) mutations applied"
                case .refetched?:
                    note = "the page was replaced meanwhile: asked for again"
                case .noPage?, nil:
                    note = "mutations dropped: no page"
                }
            }
            if let toast = response.toast { context.toasts.show(toast) }
            return .completed(note)
        }
        return true
    }
}
