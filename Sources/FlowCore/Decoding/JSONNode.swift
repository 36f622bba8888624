/// A value in a payload together with where it sits, handed to every decoder.
///
/// Reading a member (`node.require("title", as: String.self)`) allocates nothing: a node keeps
/// its path as a shared `base` followed by up to three pending steps, and a path node is made
/// only when a decoder descends deeper than that, or something fails and asks for `path`.
/// Lossy arrays and nested widgets report what they drop through the decoding session that
/// the page decoder attached, so a content decoder never loses a diagnostic.
public struct JSONNode {
    /// The value itself.
    public let value: JSONValue
    // The path is `base` followed by `first`, `second`, `third`, those that are set, in order.
    // A node whose value is an object or an array keeps at most two, so that reading a member
    // of it fills the third without allocating (see `descend`).
    private let base: CodingPath
    private let first: CodingPath.Component?
    private let second: CodingPath.Component?
    private let third: CodingPath.Component?
    let session: DecodeSession?

    /// A node at `path`; without a session, dropped array elements are not reported.
    public init(value: JSONValue, path: CodingPath) {
        self.init(value: value, base: path, first: nil, second: nil, third: nil, session: nil)
    }

    init(value: JSONValue, path: CodingPath, session: DecodeSession?) {
        self.init(value: value, base: path, first: nil, second: nil, third: nil, session: session)
    }

    init(value: JSONValue, base: CodingPath, leaf: CodingPath.Component, session: DecodeSession?) {
        self.init(value: value, base: base, first: leaf, second: nil, third: nil, session: session)
    }

    private init(
        value: JSONValue, base: CodingPath, first: CodingPath.Component?, second: CodingPath.Component?,
        third: CodingPath.Component?, session: DecodeSession?
    ) {
        self.value = value
        self.base = base
        self.first = first
        self.second = second
        self.third = third
        self.session = session
    }

    /// Where this value sits.
    public var path: CodingPath {
        guard let first else { return base }
        let once = base.appending(first)
        guard let second else { return once }
        let twice = once.appending(second)
        guard let third else { return twice }
        return twice.appending(third)
    }

    /// A node for `value` one step below this one. A scalar may take the last pending step;
    /// an object or an array leaves it free for its members, so that reading the members of
    /// a nested object allocates one path node for the object, if any, not one per member.
    @usableFromInline func descend(_ component: CodingPath.Component, to value: JSONValue) -> JSONNode {
        let isContainer: Bool
        switch value {
        case .object, .array: isContainer = true
        default: isContainer = false
        }
        guard let first else {
            return JSONNode(value: value, base: base, first: component, second: nil, third: nil, session: session)
        }
        guard let second else {
            return JSONNode(value: value, base: base, first: first, second: component, third: nil, session: session)
        }
        if third == nil, !isContainer {
            return JSONNode(value: value, base: base, first: first, second: second, third: component, session: session)
        }
        // Full for this value: the oldest pending step joins the base.
        let deeper = base.appending(first)
        guard let third else {
            return JSONNode(value: value, base: deeper, first: second, second: component, third: nil, session: session)
        }
        if isContainer {
            return JSONNode(value: value, base: deeper.appending(second), first: third, second: component, third: nil, session: session)
        }
        return JSONNode(value: value, base: deeper, first: second, second: third, third: component, session: session)
    }

    /// This node with its whole path in its base, so that each of its elements starts with
    /// every pending step free: made once for an array, not once per element.
    @usableFromInline var settled: JSONNode {
        guard first != nil else { return self }
        return JSONNode(value: value, base: path, first: nil, second: nil, third: nil, session: session)
    }

    /// The object this node holds, or a type-mismatch failure.
    public func object() throws(DecodingFailure) -> JSONObject {
        guard case .object(let object) = value else {
            throw DecodingFailure(.typeMismatch(expected: "an object", found: value.typeName), at: path)
        }
        return object
    }

    /// The member `key` of this object as a node; `nil` when absent or `null`.
    public func child(_ key: String) throws(DecodingFailure) -> JSONNode? {
        guard let member = try member(key) else { return nil }
        return descend(.key(key), to: member)
    }

    /// The value of the member `key` of this object; `nil` when absent or `null`.
    @usableFromInline func member(_ key: String) throws(DecodingFailure) -> JSONValue? {
        guard case .object(let object) = value else {
            throw DecodingFailure(.typeMismatch(expected: "an object", found: value.typeName), at: path)
        }
        guard let member = object[key], !member.isNull else { return nil }
        return member
    }

    // `require`, `optional`, `decode`, `lossyArray` and `lossyElements` are inlinable so that
    // the widget decoders in other modules specialise them for their types, rather than pay
    // for generic metadata per read.

    /// Decodes the required member `key`; absent or `null` fails with `missingKey`.
    @inlinable public func require<Value: JSONDecodable>(_ key: String, as type: Value.Type = Value.self) throws(DecodingFailure) -> Value {
        guard let member = try member(key) else {
            throw DecodingFailure(.missingKey(key), at: path)
        }
        if let decoded = Value.decodedWithoutNode(member) { return decoded }
        return try Value(from: descend(.key(key), to: member))
    }

    /// Decodes the optional member `key`; absent or `null` gives `nil`, a wrong type fails.
    @inlinable public func optional<Value: JSONDecodable>(_ key: String, as type: Value.Type = Value.self) throws(DecodingFailure) -> Value? {
        guard let member = try member(key) else { return nil }
        if let decoded = Value.decodedWithoutNode(member) { return decoded }
        return try Value(from: descend(.key(key), to: member))
    }

    /// Decodes this node itself as `Value`.
    @inlinable public func decode<Value: JSONDecodable>(as type: Value.Type = Value.self) throws(DecodingFailure) -> Value {
        try Value(from: self)
    }

    /// The elements of this array node, each a node that keeps this node's session, so a
    /// lossy array inside a strict one still reports what it drops.
    public func elements() throws(DecodingFailure) -> [JSONNode] {
        guard case .array(let elements) = value else { throw mismatch(expected: "an array") }
        if elements.isEmpty { return [] }
        let array = settled
        return elements.enumerated().map { index, element in array.descend(.index(index), to: element) }
    }

    /// Decodes the array member `key` lossily: each element that fails is dropped and
    /// reported as `dropped_element`, its siblings stay. Absent gives `[]`; a member that is
    /// not an array fails.
    @inlinable public func lossyArray<Element: JSONDecodable>(_ key: String, of type: Element.Type = Element.self) throws(DecodingFailure) -> [Element] {
        guard let child = try child(key) else { return [] }
        return try child.lossyElements(of: Element.self)
    }

    /// Decodes this array node lossily (see `lossyArray(_:of:)`).
    @inlinable public func lossyElements<Element: JSONDecodable>(of type: Element.Type = Element.self) throws(DecodingFailure) -> [Element] {
        guard case .array(let elements) = value else {
            throw DecodingFailure(.typeMismatch(expected: "an array", found: value.typeName), at: path)
        }
        if elements.isEmpty { return [] }
        let array = settled
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let node = array.descend(.index(index), to: element)
            do {
                decoded.append(try Element(from: node))
            } catch {
                node.reportDropped(error)
            }
        }
        return decoded
    }

    /// Reports this element, which a lossy array drops for `failure`.
    @usableFromInline func reportDropped(_ failure: DecodingFailure) {
        session?.report(.droppedElement, path: path, message: "dropped: \(failure.message)")
    }

    /// Decodes the array member `key` as nested widgets (an accordion's `items`), lossily and
    /// with the same identity, fallback and registry rules as the page's own widgets.
    public func widgets(_ key: String) throws(DecodingFailure) -> [WidgetModel] {
        guard let child = try child(key) else { return [] }
        guard case .array(let elements) = child.value else {
            throw DecodingFailure(.typeMismatch(expected: "an array", found: child.value.typeName), at: child.path)
        }
        guard let session else { return [] }
        let arrayPath = child.path
        return elements.enumerated().compactMap { index, element in
            session.decodeWidget(element, at: arrayPath.appending(index))
        }
    }
}
