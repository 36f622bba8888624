/// A JSON object that keeps its members in document order.
///
/// Members sit in an array, so order is kept for output that reads like its input; a
/// `JSONKeyIndex` built with them (by the parser as it reads the keys) finds a key without
/// scanning them. Keys are compared by their Unicode scalars (their UTF-8 bytes), as JSON
/// compares them, and each appears once: a key repeated in a document keeps its first
/// occurrence (the parser reports and drops the rest).
public struct JSONObject: Sendable, Hashable, Sequence {
    public typealias Member = (key: String, value: JSONValue)

    @usableFromInline private(set) var members: [Member]
    /// Where each key sits in `members`; changes whenever they do.
    private var keyIndex: JSONKeyIndex

    /// An object with these members, in this order; a repeated key keeps its first occurrence.
    public init(_ members: [Member] = []) {
        var index = JSONKeyIndex.empty
        var unique: [Member] = []
        unique.reserveCapacity(members.count)
        for member in members where index.insert(member.key, fingerprint: JSONKeyIndex.fingerprint(of: member.key), at: unique.count, in: unique) {
            unique.append(member)
        }
        self.members = unique
        self.keyIndex = index
    }

    /// Members the caller guarantees to have distinct keys.
    init(uniqueMembers members: [Member]) {
        self.members = members
        self.keyIndex = JSONKeyIndex(members)
    }

    /// Members with distinct keys and their index, both built by the parser.
    init(uniqueMembers members: [Member], keyIndex: JSONKeyIndex) {
        self.members = members
        self.keyIndex = keyIndex
    }

    /// The value for `key`, or `nil` when the object has no such member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = keyIndex.position(of: key, in: members) else { return nil }
            return members[position].value
        }
        set {
            if let position = keyIndex.position(of: key, in: members) {
                if let newValue {
                    members[position].value = newValue
                } else {
                    members.remove(at: position)
                    keyIndex = JSONKeyIndex(members)
                }
            } else if let newValue {
                _ = keyIndex.insert(key, fingerprint: JSONKeyIndex.fingerprint(of: key), at: members.count, in: members)
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
