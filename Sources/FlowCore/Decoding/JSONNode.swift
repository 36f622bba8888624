/// A value in a payload together with where it sits, handed to every decoder.
///
/// Reading a primitive member (`node.require("title", as: String.self)`) allocates nothing;
/// a path node is made only when a decoder descends into a child object or something fails.
/// Lossy arrays and nested widgets report what they drop through the decoding session that
/// the page decoder attached, so a content decoder never loses a diagnostic.
public struct JSONNode {
    /// The value itself.
    public let value: JSONValue
    // The path is `base` followed by up to two pending components. Reading a member makes a
    // node without allocating; only a third level below `base` allocates one path node.
    private let base: CodingPath
    private let first: CodingPath.Component?
    private let second: CodingPath.Component?
    let session: DecodeSession?

    /// A node at `path`; without a session, dropped array elements are not reported.
    public init(value: JSONValue, path: CodingPath) {
        self.init(value: value, base: path, first: nil, second: nil, session: nil)
    }

    init(value: JSONValue, path: CodingPath, session: DecodeSession?) {
        self.init(value: value, base: path, first: nil, second: nil, session: session)
    }

    init(value: JSONValue, base: CodingPath, leaf: CodingPath.Component, session: DecodeSession?) {
        self.init(value: value, base: base, first: leaf, second: nil, session: session)
    }

    private init(
        value: JSONValue, base: CodingPath, first: CodingPath.Component?, second: CodingPath.Component?, session: DecodeSession?
    ) {
        self.value = value
        self.base = base
        self.first = first
        self.second = second
        self.session = session
    }

    /// Where this value sits.
    public var path: CodingPath {
        guard let first else { return base }
        let once = base.appending(first)
        guard let second else { return once }
        return once.appending(second)
    }

    /// A node for `value` one step below this one.
    private func descend(_ component: CodingPath.Component, to value: JSONValue) -> JSONNode {
        guard let first else {
            return JSONNode(value: value, base: base, first: component, second: nil, session: session)
        }
        guard let second else {
            return JSONNode(value: value, base: base, first: first, second: component, session: session)
        }
        return JSONNode(value: value, base: base.appending(first), first: second, second: component, session: session)
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
        guard let member = try object()[key], !member.isNull else { return nil }
        return descend(.key(key), to: member)
    }

    /// Decodes the required member `key`; absent or `null` fails with `missingKey`.
    public func require<Value: JSONDecodable>(_ key: String, as type: Value.Type = Value.self) throws(DecodingFailure) -> Value {
        guard let child = try child(key) else {
            throw DecodingFailure(.missingKey(key), at: path)
        }
        return try Value(from: child)
    }

    /// Decodes the optional member `key`; absent or `null` gives `nil`, a wrong type fails.
    public func optional<Value: JSONDecodable>(_ key: String, as type: Value.Type = Value.self) throws(DecodingFailure) -> Value? {
        guard let child = try child(key) else { return nil }
        return try Value(from: child)
    }

    /// Decodes this node itself as `Value`.
    public func decode<Value: JSONDecodable>(as type: Value.Type = Value.self) throws(DecodingFailure) -> Value {
        try Value(from: self)
    }

    /// The elements of this array node, each a node that keeps this node's session, so a
    /// lossy array inside a strict one still reports what it drops.
    public func elements() throws(DecodingFailure) -> [JSONNode] {
        guard case .array(let elements) = value else { throw mismatch(expected: "an array") }
        return elements.enumerated().map { index, element in descend(.index(index), to: element) }
    }

    /// Decodes the array member `key` lossily: each element that fails is dropped and
    /// reported as `dropped_element`, its siblings stay. Absent gives `[]`; a member that is
    /// not an array fails.
    public func lossyArray<Element: JSONDecodable>(_ key: String, of type: Element.Type = Element.self) throws(DecodingFailure) -> [Element] {
        guard let child = try child(key) else { return [] }
        return try child.lossyElements(of: Element.self)
    }

    /// Decodes this array node lossily (see `lossyArray(_:of:)`).
    public func lossyElements<Element: JSONDecodable>(of type: Element.Type = Element.self) throws(DecodingFailure) -> [Element] {
        guard case .array(let elements) = value else {
            throw DecodingFailure(.typeMismatch(expected: "an array", found: value.typeName), at: path)
        }
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let node = descend(.index(index), to: element)
            do {
                decoded.append(try Element(from: node))
            } catch {
                session?.report(.droppedElement, path: node.path, message: "dropped: \(error.message)")
            }
        }
        return decoded
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
