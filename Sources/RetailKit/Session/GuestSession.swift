import FlowCore
import Foundation
import PrivateFiles

/// The guest session the client holds with one backend (CONTRACT §10): made on first use
/// (`POST /v1/sessions`), kept in a file of the shopper's profile for that backend
/// (`session.json`, 0600, in the profile's data directory: not the cache, since it is the only
/// key to the backend's cart), and sent as `Authorization: Bearer` with
/// the cart's and the events' requests, to that backend's origin only.
///
/// A 401 `invalid_session` (the session expired, or the backend lost it) makes a new one; the
/// cart of the old one is gone, which `onReplaced` tells once per lost session. Concurrent
/// requests share one making of a session, and one replacement of a rejected token.
public actor GuestSession {
    /// A session as the backend granted it.
    public struct Grant: Sendable, Hashable {
        public var token: String
        public var shopperID: String

        /// A grant whose token can travel in a header: 1 to 256 characters of RFC 7235's token68
        /// (what a server sends is checked before it is ever sent back), and a shopper id of at
        /// most 128 visible ASCII characters.
        public init?(token: String, shopperID: String) {
            guard GuestSession.isSendable(token), (1...128).contains(shopperID.utf8.count),
                shopperID.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else { return nil }
            self.token = token
            self.shopperID = shopperID
        }
    }

    private let file: URL?
    private var grant: Grant?
    private var making: Task<Grant, any Error>?
    /// Set when a rejected session was dropped; told once the next one is made.
    private var isLost = false
    private var onReplaced: (@Sendable () -> Void)?

    /// A session kept in `file` (read now when it is there), or in memory only when nil.
    public init(file: URL?) {
        self.file = file
        grant = file.flatMap(Self.load)
    }

    /// The session held now, if any.
    public var current: Grant? { grant }

    /// Called once each time a session the backend rejected has been replaced by a new one.
    public func setOnReplaced(_ handler: (@Sendable () -> Void)?) {
        onReplaced = handler
    }

    /// The token to send: the one held, else one being made, else a new one made by `make`.
    public func token(making make: @escaping @Sendable () async throws -> Grant) async throws -> String {
        if let grant { return grant.token }
        return try await made(by: make).token
    }

    /// Drops `rejected` if it is still the token held (a concurrent request may have replaced
    /// it already) and answers the token to use instead, made by `make` when needed.
    public func replace(rejected: String, making make: @escaping @Sendable () async throws -> Grant) async throws -> String {
        if let grant, grant.token.utf8.elementsEqual(rejected.utf8) {
            self.grant = nil
            isLost = true
            if let file { FileSystem.remove(file.path) }
        }
        return try await token(making: make)
    }

    private func made(by make: @escaping @Sendable () async throws -> Grant) async throws -> Grant {
        if let making { return try await making.value }
        let task = Task { try await self.finish(make) }
        making = task
        return try await task.value
    }

    private func finish(_ make: @escaping @Sendable () async throws -> Grant) async throws -> Grant {
        defer { making = nil }
        let made = try await make()
        grant = made
        if let file { try? AtomicFile.write(Self.encode(made), to: file) }
        if isLost {
            isLost = false
            onReplaced?()
        }
        return made
    }

    static func isSendable(_ token: String) -> Bool {
        Token68.isValid(token.utf8)
    }

    private static func encode(_ grant: Grant) -> Data {
        JSONWriter.data(for: .object(JSONObject([
            (key: "version", value: 1), (key: "token", value: .string(grant.token)), (key: "shopper_id", value: .string(grant.shopperID)),
        ])))
    }

    /// The grant kept in `file`; nil when there is none or it cannot be read (a new session is
    /// then made, and the cart of the unreadable one is lost).
    private static func load(_ file: URL) -> Grant? {
        guard let data = FileSystem.read(file.path, maxBytes: 4096), let document = try? JSONParser.parse(data),
            let token = document["token"]?.stringValue, let shopper = document["shopper_id"]?.stringValue
        else { return nil }
        return Grant(token: token, shopperID: shopper)
    }
}
