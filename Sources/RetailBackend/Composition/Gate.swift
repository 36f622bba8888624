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

    var minAppVersion: AppVersion? {
        switch self {
        case .liveShopping: return Self.version2_6
        case .editorial: return Self.version2_0
        }
    }

    // Parsed once: gates are checked on every page request.
    private static let version2_6 = AppVersion("2.6.0")
    private static let version2_0 = AppVersion("2.0.0")

    var capabilities: [String] {
        switch self {
        case .liveShopping: return ["video"]
        case .editorial: return []
        }
    }

    /// The `requires` object of CONTRACT §4.
    var requires: JSONValue {
        var members: [(String, JSONValue)] = []
        if let version = minAppVersion { members.append(("min_app_version", .string(version.description))) }
        if !capabilities.isEmpty { members.append(("capabilities", .array(capabilities.map { .string($0) }))) }
        return .object(members)
    }

    func isMet(version: AppVersion, capabilities declared: Set<String>) -> Bool {
        if let minimum = minAppVersion, version < minimum { return false }
        return capabilities.allSatisfy(declared.contains)
    }

    /// The gates met, as a bit set.
    static func mask(version: AppVersion, capabilities: Set<String>) -> UInt8 {
        allCases.reduce(0) { $1.isMet(version: version, capabilities: capabilities) ? $0 | (1 << UInt8($1.rawValue)) : $0 }
    }
}
