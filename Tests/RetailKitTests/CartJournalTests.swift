import FlowCore
import Foundation
import PrivateFiles
import Testing
@testable import RetailKit

/// The cart journal's file: what stands in its place is never trusted, whatever it is, and a
/// save that fails is said to have failed.
@Suite struct CartJournalTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var url: URL { directory.url.appendingPathComponent("cart.json") }

    @Test func aFileLargerThanAnyJournalIsKeptAsideUnread() throws {
        defer { directory.remove() }
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(CartJournal.maxBytes) + 1)
        try handle.close()
        let kept = CartJournal(url: url).load()
        #expect(kept.operations.isEmpty && kept.canonical == nil)
        #expect(kept.setAside == url.appendingPathExtension("unreadable"))
    }

    @Test func aFIFOInItsPlaceIsKeptAsideWithoutBlocking() throws {
        defer { directory.remove() }
        #expect(mkfifo(url.path, 0o600) == 0)
        let kept = CartJournal(url: url).load()
        #expect(kept.setAside != nil)
        #expect(!FileSystem.exists(url.path))
    }

    @Test func aLinkInItsPlaceIsNotFollowed() throws {
        defer { directory.remove() }
        let elsewhere = directory.url.appendingPathComponent("planted.json")
        try Data(#"{"version": 1, "canonical": null, "operations": [{"id": "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "key": "k", "product_id": "p-1", "created_at": 1, "kind": "remove"}]}"#.utf8)
            .write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: elsewhere)
        #expect(CartJournal(url: url).load().operations.isEmpty, "an operation planted through a link is never replayed")
    }

    @Test func aSaveThatFailsIsReported() async throws {
        defer { directory.remove() }
        let blocked = directory.url.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        let journal = CartJournal(url: blocked.appendingPathComponent("cart.json"))
        journal.save(canonical: nil, operations: [])
        #expect(await journal.waitUntilSaved() == false)
        #expect(await journal.waitUntilSaved(), "nothing asked since: nothing failed")
        let writable = CartJournal(url: url)
        writable.save(canonical: nil, operations: [])
        #expect(await writable.waitUntilSaved())
    }
    /// An add at a place (an undone removal) keeps its place across a restart; a journal
    /// written before places, or with a place that is none, reads as an add at the end (the
    /// shopper's add is never lost for its place).
    @Test func anAddsPlaceIsKeptAndAJournalWithoutPlacesStillReads() async throws {
        defer { directory.remove() }
        let journal = CartJournal(url: url)
        let placed = CartOperation(change: .add(productID: "p-1", quantity: 2, position: 3), idempotencyKey: "k-1", createdAt: Date(timeIntervalSince1970: 1))
        journal.save(canonical: nil, operations: [placed])
        #expect(await journal.waitUntilSaved())
        #expect(CartJournal(url: url).load().operations.map(\.change) == [.add(productID: "p-1", quantity: 2, position: 3)])
        for member in ["", #", "position": 70000"#, #", "position": -1"#, #", "position": "2""#] {
            try Data(#"{"version": 1, "canonical": null, "operations": [{"id": "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "key": "k", "product_id": "p-1", "created_at": 1, "kind": "add", "quantity": 2\#(member)}]}"#.utf8)
                .write(to: url)
            #expect(CartJournal(url: url).load().operations.map(\.change) == [.add(productID: "p-1", quantity: 2)], "\(member)")
        }
    }
}
