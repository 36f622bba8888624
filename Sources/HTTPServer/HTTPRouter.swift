/// A route table: method, path pattern and handler, declared in groups. A group says what its
/// handlers need by its `prepare` step, which turns the application's `Input` into the value
/// they receive (a resolved session, say) or answers the request itself (a refusal); the table
/// knows neither type.
///
/// Matching: patterns without captures are tried first, then the others, each in the order they
/// were declared; the first that matches the path (`HTTPPathPattern`) decides. No pattern is
/// `notFound`; a pattern without the request's method is `methodNotAllowed`, naming the
/// pattern's methods in the order they were declared. Methods compare as bytes.
///
/// Handlers answer through `answer`, exactly once, now or later from any thread.
public struct HTTPRouter<Input: Sendable, Output: Sendable>: Sendable {
    /// How a handler, or a group's `prepare`, answers.
    public typealias Answer = @Sendable (Output) -> Void
    /// A route's handler once its group prepared it: the request's input and its captures.
    @usableFromInline
    typealias Endpoint = @Sendable (Input, HTTPPathCaptures, @escaping Answer) -> Void

    /// One pattern and the handler of each of its methods, in the order they were declared.
    @usableFromInline
    struct Path: Sendable {
        @usableFromInline let pattern: HTTPPathPattern
        @usableFromInline var methods: [(method: [UInt8], name: String, endpoint: Endpoint)]
    }

    // Resolving is inlinable, so that an application's table is resolved by code specialized
    // for its types: generic code would look up the metadata of its tuples and closures on
    // every request.

    /// Patterns without captures, then the others.
    @usableFromInline var plain: [Path] = []
    @usableFromInline var captured: [Path] = []
    /// For each of `plain`, the raw path that matches it without decoding (`plainPath`).
    @usableFromInline var plainPaths: [[UInt8]?] = []

    /// An empty table.
    public init() {}

    /// Adds a group whose handlers receive `Input` itself.
    public mutating func group(_ declare: (inout HTTPRouteGroup<Input, Output>) -> Void) {
        group(prepare: { input, proceed, _ in proceed(input) }, declare)
    }

    /// Adds a group whose handlers receive what `prepare` makes of `Input`. `prepare` runs
    /// after the route has matched, and either proceeds with the prepared value or answers
    /// the request itself (the handler then does not run); exactly one of the two, once.
    public mutating func group<Prepared: Sendable>(
        prepare: @escaping @Sendable (Input, _ proceed: @escaping @Sendable (Prepared) -> Void, _ answer: @escaping Answer) -> Void,
        _ declare: (inout HTTPRouteGroup<Prepared, Output>) -> Void
    ) {
        var group = HTTPRouteGroup<Prepared, Output>()
        declare(&group)
        for route in group.routes {
            let handler = route.handler
            add(route.methods, route.pattern) { input, captures, answer in
                prepare(input, { prepared in handler(prepared, captures, answer) }, answer)
            }
        }
    }

    private mutating func add(_ methods: [String], _ pattern: HTTPPathPattern, _ endpoint: @escaping Endpoint) {
        let entries = methods.map { (method: Array($0.utf8), name: $0, endpoint: endpoint) }
        if let index = plain.firstIndex(where: { $0.pattern == pattern }) {
            plain[index].methods += entries
            precondition(Self.areDistinct(plain[index].methods), "a method is declared twice for \(pattern)")
        } else if let index = captured.firstIndex(where: { $0.pattern == pattern }) {
            captured[index].methods += entries
            precondition(Self.areDistinct(captured[index].methods), "a method is declared twice for \(pattern)")
        } else if pattern.captureCount == 0 {
            precondition(Self.areDistinct(entries), "a method is declared twice for \(pattern)")
            plainPaths.append(pattern.plainPath)
            plain.append(Path(pattern: pattern, methods: entries))
        } else {
            precondition(Self.areDistinct(entries), "a method is declared twice for \(pattern)")
            captured.append(Path(pattern: pattern, methods: entries))
        }
    }

    private static func areDistinct(_ methods: [(method: [UInt8], name: String, endpoint: Endpoint)]) -> Bool {
        Set(methods.map(\.method)).count == methods.count
    }

    /// What the table holds for a request's method and raw path.
    @inlinable
    public func resolve(method: String, path: String) -> HTTPRouteResolution<Input, Output> {
        guard let found = find(path) else { return .notFound }
        guard let entry = found.path.methods.first(where: { HTTPPathPattern.bytes(of: method, equal: $0.method) }) else {
            return .methodNotAllowed(pattern: found.path.pattern, allowed: found.path.methods.map(\.name))
        }
        return .found(HTTPRouteMatch(pattern: found.path.pattern, captures: HTTPPathCaptures(values: found.captures), endpoint: entry.endpoint))
    }

    /// The path entry matching `path` and its captures. A raw path that is a plain pattern's
    /// path byte for byte needs no decoding (the paths every client asks for most).
    @inlinable
    func find(_ path: String) -> (path: Path, captures: [String])? {
        for index in plainPaths.indices {
            if let plainPath = plainPaths[index], HTTPPathPattern.bytes(of: path, equal: plainPath) { return (plain[index], []) }
        }
        guard let decoded = HTTPPathPattern.decodedSegments(of: path) else { return nil }
        for entry in plain {
            if let captures = entry.pattern.match(decoded) { return (entry, captures) }
        }
        for entry in captured {
            if let captures = entry.pattern.match(decoded) { return (entry, captures) }
        }
        return nil
    }

    /// Every pattern of the table with its methods, in matching order.
    public var patterns: [(pattern: HTTPPathPattern, methods: [String])] {
        (plain + captured).map { ($0.pattern, $0.methods.map(\.name)) }
    }
}

/// What a route table holds for a request.
public enum HTTPRouteResolution<Input: Sendable, Output: Sendable>: Sendable {
    /// No pattern matches the path: a 404.
    case notFound
    /// `pattern` matches, but not with this method: a 405 whose `Allow` names `allowed`.
    case methodNotAllowed(pattern: HTTPPathPattern, allowed: [String])
    /// The route: run it with the request's input.
    case found(HTTPRouteMatch<Input, Output>)
}

/// A matched route, ready to run.
public struct HTTPRouteMatch<Input: Sendable, Output: Sendable>: Sendable {
    /// The pattern that matched.
    public let pattern: HTTPPathPattern
    /// Its captured segments, percent-decoded.
    public let captures: HTTPPathCaptures
    @usableFromInline let endpoint: HTTPRouter<Input, Output>.Endpoint

    @usableFromInline
    init(pattern: HTTPPathPattern, captures: HTTPPathCaptures, endpoint: @escaping HTTPRouter<Input, Output>.Endpoint) {
        self.pattern = pattern
        self.captures = captures
        self.endpoint = endpoint
    }

    /// Runs the group's `prepare` and then the handler; `answer` is called exactly once.
    public func run(_ input: Input, answer: @escaping HTTPRouter<Input, Output>.Answer) {
        endpoint(input, captures, answer)
    }
}

/// The captured segments of a matched path, percent-decoded, in path order.
public struct HTTPPathCaptures: Sendable, Equatable {
    /// Every capture, in path order.
    public let values: [String]

    /// Captures as a matched path gives them.
    public init(values: [String]) {
        self.values = values
    }

    /// The capture at `index` (0 is the first).
    public subscript(index: Int) -> String {
        values[index]
    }

    /// The last captured segment: what a route with one capture names (`/v1/pages/{id}`).
    public var last: String {
        values[values.count - 1]
    }
}

/// The routes of one group: each a method list, a pattern and a handler of the group's
/// prepared value.
public struct HTTPRouteGroup<Prepared: Sendable, Output: Sendable> {
    /// A handler: the prepared value, the path's captures, and how it answers.
    public typealias Handler = @Sendable (Prepared, HTTPPathCaptures, @escaping @Sendable (Output) -> Void) -> Void

    var routes: [(methods: [String], pattern: HTTPPathPattern, handler: Handler)] = []

    /// `handler` answers `methods` (upper case: `PUT`) on `pattern`.
    public mutating func on(_ methods: [String], _ pattern: HTTPPathPattern, _ handler: @escaping Handler) {
        precondition(!methods.isEmpty, "a route answers at least one method")
        routes.append((methods, pattern, handler))
    }

    /// `GET` and `HEAD` (whose answer the front sends without its body).
    public mutating func get(_ pattern: HTTPPathPattern, _ handler: @escaping Handler) {
        on(["GET", "HEAD"], pattern, handler)
    }

    /// `POST` only.
    public mutating func post(_ pattern: HTTPPathPattern, _ handler: @escaping Handler) {
        on(["POST"], pattern, handler)
    }

    /// `PUT` only.
    public mutating func put(_ pattern: HTTPPathPattern, _ handler: @escaping Handler) {
        on(["PUT"], pattern, handler)
    }

    /// `DELETE` only.
    public mutating func delete(_ pattern: HTTPPathPattern, _ handler: @escaping Handler) {
        on(["DELETE"], pattern, handler)
    }
}
