/// Why a session is not made or not accepted. No HTTP status: the API's edge maps each case to
/// its answer (`RequestError.init(_:)`).
enum SessionError: Error, Sendable, Equatable {
    /// The request carries no well-formed `Authorization: Bearer` token.
    case missing
    /// The token names no session, or one that has expired.
    case unknownOrExpired
    /// The session's shopper is no longer stored (swept as the session expired).
    case shopperGone
    /// New sessions are over their allowance: this address's own (`everyone` false) or that of
    /// all addresses together; `wait` seconds until the next is allowed.
    case tooManyNew(everyone: Bool, wait: Int)
    /// The token's digest could not be computed (libcrypto failed): making a session, or
    /// checking one.
    case digestFailed(making: Bool)
    /// The store could not answer.
    case store(StoreError)
}
