import FlowCore

/// The distinct requirements a catalogue puts on nodes (campaigns' and placements' `requires`).
///
/// Every `requires` the backend writes comes from here, so the set of them a client meets (a
/// bit each) decides everything its app version and capabilities change in a composition:
/// that bit set, not the raw version, keys the page cache. A catalogue holds at most
/// `capacity` distinct requirements (the check says so).
struct RequirementTable: Sendable {
    static let capacity = 64

    let entries: [Requirements]

    init(_ requirements: [Requirements]) {
        var entries: [Requirements] = []
        for requirement in requirements where !entries.contains(requirement) { entries.append(requirement) }
        self.entries = Array(entries.prefix(Self.capacity))
    }

    /// The requirements `client` meets, as a bit set, by FlowCore's rule (the one clients apply).
    func mask(for client: ClientContext) -> UInt64 {
        var mask: UInt64 = 0
        for (index, requirement) in entries.enumerated() where requirement.isMet(by: client) {
            mask |= 1 << UInt64(index)
        }
        return mask
    }
}

extension Requirements {
    /// The `requires` object of CONTRACT §4.
    var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let version = minAppVersion { members.append(("min_app_version", .string(version.description))) }
        if !capabilities.isEmpty {
            members.append(("capabilities", .array(capabilities.map { .string($0) })))
        }
        return .members(members)
    }
}
