import FlowCore

/// The requirements the backend puts on nodes, as a closed list.
///
/// Because every `requires` the backend writes comes from here, the set of gates a client
/// passes (a few bits) decides everything its app version and capabilities change in a
/// composition, and it is that bit set, not the raw version, that keys the page cache.
enum Gate: Int, CaseIterable, Sendable {
    /// Live-shopping carousel and card: a video player, app 2.6.0.
    case liveShopping
    /// `editorial_card` arrived in app 2.0.0; older apps are sent no editorial section.
    case editorial

    /// Built once: gates are checked on every page request.
    private static let table: [Requirements] = allCases.map { gate in
        switch gate {
        case .liveShopping: return Requirements(minAppVersion: AppVersion(major: 2, minor: 6), capabilities: ["video"])
        case .editorial: return Requirements(minAppVersion: AppVersion(major: 2))
        }
    }

    var requirements: Requirements {
        Self.table[rawValue]
    }

    /// The `requires` object of CONTRACT §4.
    var requires: JSONValue {
        var members: [(String, JSONValue)] = []
        if let version = requirements.minAppVersion { members.append(("min_app_version", .string(version.description))) }
        if !requirements.capabilities.isEmpty {
            members.append(("capabilities", .array(requirements.capabilities.map { .string($0) })))
        }
        return .members(members)
    }

    /// Checked by FlowCore's rule, the one clients apply.
    func isMet(by client: ClientContext) -> Bool {
        requirements.isMet(by: client)
    }

    /// The gates met, as a bit set.
    static func mask(for client: ClientContext) -> UInt8 {
        allCases.reduce(0) { $1.isMet(by: client) ? $0 | (1 << UInt8($1.rawValue)) : $0 }
    }
}
