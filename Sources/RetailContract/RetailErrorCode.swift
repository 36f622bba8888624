/// The `error.code` of the API's own error answers (CONTRACT §10): what a client tells apart
/// without reading the message. (The HTTP front's codes for requests it refuses before the
/// API sees them, `headers_too_large` and the like, are the server's.)
public enum RetailErrorCode: String, Sendable, CaseIterable {
    // The request itself.
    case invalidJSON = "invalid_json"
    case invalidBody = "invalid_body"
    case invalidParameter = "invalid_parameter"
    case invalidQuantity = "invalid_quantity"
    case invalidFaultProfile = "invalid_fault_profile"
    case tooManyEvents = "too_many_events"
    case idempotencyKeyReused = "idempotency_key_reused"
    case unsupportedMediaType = "unsupported_media_type"
    case methodNotAllowed = "method_not_allowed"
    // Who asks.
    case invalidSession = "invalid_session"
    case invalidOperatorToken = "invalid_operator_token"
    case tooManyNewSessions = "too_many_new_sessions"
    // What is asked for.
    case notFound = "not_found"
    case unknownProduct = "unknown_product"
    case unknownAction = "unknown_action"
    case productUnavailable = "product_unavailable"
    case productAvailable = "product_available"
    // The backend.
    case sessionFailed = "session_failed"
    case storageUnavailable = "storage_unavailable"
    case storageFull = "storage_full"
    case storageFailed = "storage_failed"
    case imageFailed = "image_failed"
    case injectedFault = "injected_fault"
}
