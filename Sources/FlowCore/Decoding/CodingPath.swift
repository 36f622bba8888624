/// Where in a payload a value sits, printed dotted: `page.sections.3.widgets.2.data.title`.
///
/// A linked list shared by every path below it, so descending into an object costs one small
/// node, and only where a path is actually needed (see `JSONNode`).
public final class CodingPath: Sendable, CustomStringConvertible, Hashable {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The path without its last step; `nil` at the root.
    public let parent: CodingPath?
    /// The last step.
    public let component: Component

    /// A root path (`page`, `sheet`, `response`).
    public init(root: String) {
        self.parent = nil
        self.component = .key(root)
    }

    init(parent: CodingPath, component: Component) {
        self.parent = parent
        self.component = component
    }

    /// This path followed by an object key.
    public func appending(_ key: String) -> CodingPath {
        CodingPath(parent: self, component: .key(key))
    }

    /// This path followed by an array index.
    public func appending(_ index: Int) -> CodingPath {
        CodingPath(parent: self, component: .index(index))
    }

    /// This path followed by a component.
    public func appending(_ component: Component) -> CodingPath {
        CodingPath(parent: self, component: component)
    }

    /// The steps from the root.
    public var components: [Component] {
        var reversed: [Component] = []
        var node: CodingPath? = self
        while let current = node {
            reversed.append(current.component)
            node = current.parent
        }
        return reversed.reversed()
    }

    public var description: String {
        components.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }.joined(separator: ".")
    }

    public static func == (lhs: CodingPath, rhs: CodingPath) -> Bool {
        lhs === rhs || lhs.components == rhs.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
    }
}
