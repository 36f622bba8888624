import Foundation
import Testing
@testable import FlowCore

/// `JSONNode`: every node knows its exact path, however it was reached and however deep,
/// though it keeps the last few steps pending rather than allocating them.
@Suite struct JSONNodeTests {
    private let document: JSONValue = [
        "a": ["b": ["c": ["d": ["e": ["f": "leaf", "n": 1]]]], "list": [["x": [1, ["y": "z"]]], "s"]],
    ]

    /// Every member and element, at every depth, reports the path it sits at, for nodes
    /// that start at a root and nodes that start one step below a base.
    @Test func everyNodeReportsItsExactPath() throws {
        let roots = [
            JSONNode(value: document, path: CodingPath(root: "page")),
            JSONNode(value: document, base: CodingPath(root: "page"), leaf: .key("data"), session: nil),
        ]
        for root in roots {
            let prefix = root.path.description
            var pending: [(node: JSONNode, path: String)] = [(root, prefix)]
            var visited = 0
            while let (node, path) = pending.popLast() {
                visited += 1
                #expect(node.path.description == path)
                switch node.value {
                case .object(let object):
                    for member in object {
                        let child = try #require(try node.child(member.key))
                        pending.append((child, "\(path).\(member.key)"))
                    }
                case .array:
                    for (index, element) in try node.elements().enumerated() { pending.append((element, "\(path).\(index)")) }
                default:
                    break
                }
            }
            #expect(visited == 15)
        }
    }

    /// A failure deep below a node, and an element a lossy array drops, carry exact paths.
    @Test func failuresDeepDownCarryTheirPaths() throws {
        let root = JSONNode(value: document, path: CodingPath(root: "page"))
        let e = try #require(try root.child("a")?.child("b")?.child("c")?.child("d")?.child("e"))
        #expect(throws: DecodingFailure.self) { try e.require("f", as: Int.self) }
        do {
            _ = try e.require("f", as: Int.self)
        } catch {
            #expect(error.path.description == "page.a.b.c.d.e.f")
        }
        do {
            _ = try e.require("missing", as: Int.self)
        } catch {
            #expect(error.path.description == "page.a.b.c.d.e")
        }
        let session = DecodeSession(catalog: WidgetCatalog())
        let list = JSONNode(value: document, path: CodingPath(root: "page"), session: session)
        let kept: [JSONObject] = try #require(try list.child("a")).lossyArray("list")
        #expect(kept.count == 1)
        #expect(session.diagnostics.map(\.path) == ["page.a.list.1"])
    }

    private static let values: [JSONValue] = [
        nil, true, false, 0, -0.0, 0.5, -1, 1e300, 9_007_199_254_740_993, 9.223372036854775807e18, -9.223372036854775808e18,
        10_000, 10_000.5, "", "text", "#FFFFFF", "\u{E9}", [], [1], [:], ["text": "t"], ["hex": "#000000"],
    ]

    /// What `T` makes of `value` read as a member, and through a node of its own: the same
    /// value or the same failure at the same path, and the same reports.
    private func expectSameReading<T: JSONDecodable & Equatable>(_ type: T.Type) {
        for value in Self.values {
            let viaMember = DecodeSession(catalog: WidgetCatalog())
            let object = JSONNode(value: ["k": value], path: CodingPath(root: "page"), session: viaMember)
            let read = Result { () throws(DecodingFailure) in try object.optional("k", as: T.self) }
            let direct = DecodeSession(catalog: WidgetCatalog())
            let node = JSONNode(value: value, path: CodingPath(root: "page").appending("k"), session: direct)
            let decoded = Result { () throws(DecodingFailure) -> T? in value.isNull ? nil : try T(from: node) }
            #expect(read == decoded, "\(T.self) \(value)")
            #expect(viaMember.diagnostics == direct.diagnostics, "\(T.self) \(value)")
        }
    }

    /// A member decoded without a node (`decodedWithoutNode`) reads exactly as through one,
    /// for every type that offers it and every kind of value, numbers at their edges included.
    @Test func membersReadWithoutANodeReadAsThroughOne() {
        expectSameReading(String.self)
        expectSameReading(Double.self)
        expectSameReading(Int.self)
        expectSameReading(Bool.self)
        expectSameReading(JSONValue.self)
        expectSameReading(JSONObject.self)
        expectSameReading(TextData.self)
        expectSameReading(ColorData.self)
        expectSameReading(CornerRadius.self)
    }
}
