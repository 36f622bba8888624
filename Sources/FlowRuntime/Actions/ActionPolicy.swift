import FlowCore

/// Whether the client would refuse an action, decided without running it: the checks the
/// handlers make before they act, in one place, so that `vitrine lint` and the dispatcher can
/// never disagree about what a payload's actions do.
///
/// A check decodes the action's payload (its type's `JSONDecodable` shape, which validates
/// what must be valid: an `api` endpoint and method, a toast's message) and may check more
/// (a deeplink's scheme against the app's allow-list). `ActionDispatcher` runs the check of
/// an action's type before any handler sees it and refuses the action when it fails.
public struct ActionPolicy: Sendable {
    /// The reason an action is refused, or `nil` when it may run.
    public typealias Check = @Sendable (ActionData, PageDecoder) -> String?

    private var checks: [ExactString: Check] = [:]

    /// No checks at all.
    public init() {}

    /// The built-in actions of Flow-UI: `toast`, `dismiss`, `refresh_page`,
    /// `open_bottom_sheet` (its sheet must decode: see `PageDecoder.decodeSheet`) and `api`.
    public static var builtIn: ActionPolicy {
        var policy = ActionPolicy()
        policy.register(BuiltInActionType.toast, payload: ToastAction.self)
        policy.register(BuiltInActionType.dismiss) { _, _ in nil }
        policy.register(BuiltInActionType.refreshPage) { _, _ in nil }
        policy.register(BuiltInActionType.api, payload: APIAction.self)
        policy.register(BuiltInActionType.openBottomSheet) { action, decoder in
            do {
                let payload = try action.decode(OpenBottomSheetAction.self)
                _ = try decoder.decodeSheet(payload.sheet)
                return nil
            } catch let failure as DecodingFailure {
                return failure.message
            } catch {
                return "the sheet could not be read: \(error)"
            }
        }
        return policy
    }

    /// Checks actions of `type` with `check` (a later registration of a type wins).
    public mutating func register(_ type: String, _ check: @escaping Check) {
        checks[ExactString(type)] = check
    }

    /// Checks actions of `type` by decoding them as `Payload`, then with `more` if given.
    public mutating func register<Payload: JSONDecodable>(
        _ type: String, payload: Payload.Type, _ more: (@Sendable (Payload) -> String?)? = nil
    ) {
        register(type) { action, _ in
            do throws(DecodingFailure) {
                let decoded = try action.decode(Payload.self)
                return more?(decoded)
            } catch {
                return error.message
            }
        }
    }

    /// Whether actions of `type` have a check.
    public func knows(_ type: String) -> Bool {
        checks[ExactString(type)] != nil
    }

    /// Why `action` would be refused: its check's reason, or for a type without a check,
    /// that it is unknown. `nil` when it may run.
    public func refusal(for action: ActionData, decoder: PageDecoder) -> String? {
        guard let check = checks[ExactString(action.type)] else { return "unknown action type '\(action.type)'" }
        return check(action, decoder)
    }
}
