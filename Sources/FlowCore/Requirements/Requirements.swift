import Foundation

/// What a client must have to show a node: `{"min_app_version": "2.4.0", "capabilities": ["video"]}`.
///
/// Checked on the client even though the backend filters too, because cached and
/// intermediary copies outlive the request that produced them (CONTRACT §4).
public struct Requirements: Sendable, Hashable, JSONDecodable {
    public var minAppVersion: AppVersion?
    public var capabilities: [String]

    public init(minAppVersion: AppVersion? = nil, capabilities: [String] = []) {
        self.minAppVersion = minAppVersion
        self.capabilities = capabilities
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        _ = try node.object()
        if let text: String = try node.optional("min_app_version") {
            guard let version = AppVersion(text) else {
                throw DecodingFailure(.invalidValue("'\(text)' is not a dotted numeric version"), at: node.path.appending("min_app_version"))
            }
            minAppVersion = version
        }
        capabilities = try node.optional("capabilities") ?? []
    }

    /// Whether `client` can show the node. Allocates nothing: callers on a hot path (the
    /// backend checks gates per request) use this, not `unmetReason`.
    public func isMet(by client: ClientContext) -> Bool {
        if let minAppVersion, client.appVersion < minAppVersion { return false }
        return capabilities.allSatisfy(client.capabilities.contains)
    }

    /// Why `client` cannot show the node, or `nil` when it can.
    public func unmetReason(for client: ClientContext) -> String? {
        if let minAppVersion, client.appVersion < minAppVersion {
            return "requires app version \(minAppVersion), client is \(client.appVersion)"
        }
        let missing = capabilities.filter { !client.capabilities.contains($0) }
        if !missing.isEmpty {
            return "requires capabilities \(missing.joined(separator: ", ")) the client does not declare"
        }
        return nil
    }
}

extension Array: JSONDecodable where Element: JSONDecodable {
    /// A strict array: any element that fails fails the array. Use `lossyArray` where the
    /// contract says an array is lossy.
    public init(from node: JSONNode) throws(DecodingFailure) {
        self = try node.elements().map { child throws(DecodingFailure) in try Element(from: child) }
    }
}

/// What the client is: its version and the capabilities it declares.
public struct ClientContext: Sendable, Hashable {
    public var appVersion: AppVersion
    public var capabilities: Set<String>

    public init(appVersion: AppVersion, capabilities: Set<String> = []) {
        self.appVersion = appVersion
        self.capabilities = capabilities
    }
}

/// The client and the instant against which requirements and expiry are evaluated. The
/// instant is always passed in: FlowCore reads no clock.
public struct EvaluationContext: Sendable, Hashable {
    public var client: ClientContext
    public var now: Date

    public init(client: ClientContext, now: Date) {
        self.client = client
        self.now = now
    }
}
