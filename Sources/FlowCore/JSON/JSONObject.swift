/// A JSON object that keeps its members in document order.
///
/// Payload objects are small (a widget's `data` has a handful of keys), so a linear scan of
/// an array beats hashing every key into a dictionary at parse time, and order is kept for
/// output that reads like its input. Keys are compared by their Unicode scalars, as JSON
/// compares them, and each appears once: a key repeated in a document keeps its first
/// occurrence (the parser reports and drops the rest).
public struct JSONObject: Sendable, Hashable, Sequence {
    public typealias Member = (key: String, value: JSONValue)

    @usableFromInline var members: [Member]

    /// An object with these members, in this order; a repeated key keeps its first occurrence.
    public init(_ members: [Member] = []) {
        var seen = Set<ExactString>(minimumCapacity: members.count)
        self.members = members.filter { seen.insert(ExactString($0.key)).inserted }
    }

    /// Members the caller guarantees to have distinct keys (the parser checks as it goes).
    init(uniqueMembers members: [Member]) {
        self.members = members
    }

    /// The value for `key`, or `nil` when the object has no such member.
    @inlinable public subscript(key: String) -> JSONValue? {
        get {
            for member in members where member.key.isByteEqual(to: key) {
                return member.value
            }
            return nil
        }
        set {
            if let index = members.firstIndex(where: { $0.key.isByteEqual(to: key) }) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                }
            } else if let newValue {
                members.append((key: key, value: newValue))
            }
        }
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The keys, in document order.
    public var keys: [String] { members.map(\.key) }

    public func makeIterator() -> IndexingIterator<[Member]> {
        members.makeIterator()
    }

    /// This object with `other`'s members laid over it: a key present in both takes `other`'s
    /// value. Used to merge section tracking with widget tracking.
    public func merging(_ other: JSONObject) -> JSONObject {
        if other.isEmpty { return self }
        if isEmpty { return other }
        // Linear in both sizes: the members `other` replaces are found by hashing.
        var replacements: [ExactString: JSONValue] = [:]
        for member in other.members { replacements[ExactString(member.key)] = member.value }
        var merged = members.map { member in
            (key: member.key, value: replacements.removeValue(forKey: ExactString(member.key)) ?? member.value)
        }
        for member in other.members where replacements[ExactString(member.key)] != nil {
            merged.append(member)
        }
        return JSONObject(uniqueMembers: merged)
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for (left, right) in zip(lhs.members, rhs.members) where !left.key.isByteEqual(to: right.key) || left.value != right.value {
            return false
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            member.key.hashBytes(into: &hasher)
            hasher.combine(member.value)
        }
    }
}
