import FlowCore
import Foundation
import PrivateFiles
import RetailBackend
import Testing
@testable import RetailKit
import TestSupport

/// Where the client keeps its guest session: the token is the shopper's only key to the backend's
/// cart, so it is data, not cache. It lives in the data directory, survives the cache tree being
/// deleted, and a session an earlier version kept in the cache is moved over once, so its shopper
/// keeps their cart.
@MainActor
@Suite struct GuestSessionFileTests {
    let live: LiveBackend
    let cache: ScratchDirectory
    let data: ScratchDirectory

    init() throws {
        live = try LiveBackend()
        cache = try ScratchDirectory("session-cache")
        data = try ScratchDirectory("session-data")
    }

    func makeComposition(data root: URL?) throws -> AppComposition {
        var configuration = AppConfiguration(backendURL: live.baseURL, user: UserID("file-1")!, storageDirectory: cache.url)
        if let root { configuration.dataDirectory = root }
        configuration.images = .memoryOnly
        return try AppComposition(configuration: configuration)
    }

    func mode(_ url: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int).map { $0 & 0o777 }
    }

    func sessionFiles(under root: URL) -> [URL] {
        (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.lastPathComponent == "session.json" }
    }

    @Test func theSessionIsKeptInTheDataDirectoryPrivatelyAndOutlivesTheCache() async throws {
        let app = try makeComposition(data: data.url)
        _ = try await app.client.fetchCart()
        let token = try #require(await app.client.guestSession.current?.token)
        let file = app.configuration.sessionFile
        #expect(file.path.hasPrefix(data.url.path + "/users/u-file-1/b-"))
        #expect(try mode(file) == 0o600)
        #expect(try mode(data.url.appendingPathComponent("users")) == 0o700)
        #expect(sessionFiles(under: cache.url).isEmpty, "nothing of the session in the cache")
        // A cache cleaner empties the cache: the next start still has the session.
        try FileManager.default.removeItem(at: cache.url)
        let next = try makeComposition(data: data.url)
        #expect(await next.client.guestSession.current?.token == token)
        _ = try await next.client.fetchCart()
        #expect(live.count("/v1/sessions") == 1, "no new session, so the same cart")
    }

    @Test func aSessionAnEarlierVersionKeptInTheCacheIsMovedOnce() async throws {
        // An earlier version: everything, the session too, in the cache tree.
        let earlier = try makeComposition(data: nil)
        _ = try await earlier.client.fetchCart()
        let token = try #require(await earlier.client.guestSession.current?.token)
        let old = earlier.configuration.userDirectory.appendingPathComponent("session.json")
        #expect(FileSystem.isRegularFile(old.path))

        let upgraded = try makeComposition(data: data.url)
        #expect(await upgraded.client.guestSession.current?.token == token)
        #expect(!FileSystem.exists(old.path), "moved, not copied")
        #expect(try mode(upgraded.configuration.sessionFile) == 0o600)
        _ = try await upgraded.client.fetchCart()
        #expect(live.count("/v1/sessions") == 1)
        let again = try makeComposition(data: data.url)
        #expect(await again.client.guestSession.current?.token == token)
    }

    @Test func aSessionAlreadyInTheDataDirectoryWinsOverAnOldOne() throws {
        let old = cache.file("old.json")
        let new = data.file("new.json")
        try Data("old".utf8).write(to: old)
        try Data("new".utf8).write(to: new)
        GuestSession.moveFile(from: old, to: new)
        #expect(!FileSystem.exists(old.path))
        #expect(FileSystem.read(new.path) == Data("new".utf8))
        // One path, or nothing to move: nothing happens.
        GuestSession.moveFile(from: new, to: new)
        #expect(FileSystem.read(new.path) == Data("new".utf8))
        GuestSession.moveFile(from: old, to: data.file("other.json"))
        #expect(!FileSystem.exists(data.file("other.json").path))
        // A link where the old file was is not followed.
        try FileManager.default.createSymbolicLink(at: old, withDestinationURL: new)
        GuestSession.moveFile(from: old, to: data.file("other.json"))
        #expect(!FileSystem.exists(data.file("other.json").path))
    }
}
