#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// A warm start draws the saved pages before the embedded backend is built, and what the
/// shopper does meanwhile waits for it. The backend is held at a gate (`--backend-gate`, a
/// FIFO only the test writes to) until the test lets it be built, so what shows before is
/// seen without racing the backend.
@Suite(.serialized) struct WarmStartEndToEndTests {
    /// A FIFO the app's backend waits to read a byte from. The test holds it open for reading
    /// and writing: the app's open never blocks, its read waits for `release()` (or for the
    /// test's end, which closes it).
    final class Gate {
        let path: String
        private var descriptor: Int32

        init(in directory: URL) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            path = directory.appendingPathComponent("backend-gate").path
            guard mkfifo(path, 0o600) == 0 else { throw TmuxSession.Failure(description: "mkfifo failed: errno \(errno)") }
            descriptor = open(path, O_RDWR)
            guard descriptor >= 0 else { throw TmuxSession.Failure(description: "cannot open the gate: errno \(errno)") }
        }

        /// Lets the backend be built.
        func release() {
            guard descriptor >= 0 else { return }
            var byte: UInt8 = 1
            _ = write(descriptor, &byte, 1)
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }
    }

    @Test func theSavedPagesShowBeforeTheBackendIsBuiltAndAnAddMeanwhileIsNotLost() async throws {
        let expected = try HomeExpectations(user: AppEndToEndTests.user)
        let product = try #require(try expected.products().first { $0.availability == "available" })
        let cache = AppEndToEndTests.CacheDirectory()
        let link = "vitrine://product/\(product.id)"
        // A first run saves the product's page and the home page below it.
        var hero: String?
        do {
            let first = try AppEndToEndTests.start(["--open", link], cache: cache)
            defer { first.close() }
            #expect(await first.waitFor("Add to cart"), "the product page\n\(first.picture)")
            _ = try await AppEndToEndTests.press("Escape", in: first)
            hero = try await expected.waitForHero(in: first, cache: cache)
            await AppEndToEndTests.quit(first)
        }
        let shownHero = try #require(hero)

        let gate = try Gate(in: cache.url)
        let tmux = try AppEndToEndTests.start(["--open", link, "--backend-gate", gate.path], cache: cache)
        defer {
            gate.release()
            tmux.close()
        }
        // The backend has not been built: it waits at the gate. The saved page shows anyway.
        try #require(await tmux.waitFor("Add to cart"), "the saved product page\n\(tmux.picture)")
        #expect(tmux.screen().contains { $0.contains(product.title) }, "\(tmux.picture)")
        // An add before the backend is there counts at once and is not refused.
        try tmux.press("Enter")
        #expect(await tmux.waitUntil { $0.first?.contains("Cart 1") == true }, "the badge counts at once\n\(tmux.picture)")
        #expect(tmux.screen().first?.contains("◌") == true, "pending: the backend has not answered\n\(tmux.picture)")
        // Back to the saved home page, still without a backend.
        try tmux.press("Escape")
        #expect(await tmux.waitFor(shownHero), "the saved home page\n\(tmux.picture)")
        let waiting = tmux.screen()
        #expect(!waiting.contains { $0.contains("Couldn't") || $0.contains("couldn't") || $0.contains("Retry") || $0.contains("connection") },
                "no failure while the backend is being built\n\(tmux.picture)")

        gate.release()
        #expect(await tmux.waitUntil { $0.first?.contains("Cart 1") == true && $0.first?.contains("◌") == false },
                "the add, confirmed once the backend is built\n\(tmux.picture)")
        try tmux.press("c")
        #expect(await tmux.waitUntil { $0.contains { $0.contains(product.title) } && $0.contains { $0.contains("− 1 +") } },
                "the backend's cart holds it\n\(tmux.picture)")
        #expect(!tmux.screen().contains { $0.contains("Couldn't") || $0.contains("couldn't") }, "\(tmux.picture)")
        _ = try await AppEndToEndTests.press("Escape", in: tmux)
        await AppEndToEndTests.quit(tmux)
    }

    /// A backend that cannot be built (its data directory is a file) ends the app that drew
    /// meanwhile: the terminal is given back, the reason said, and the status is 1.
    @Test func aBackendThatCannotBeBuiltEndsTheAppWithTheReason() async throws {
        let cache = AppEndToEndTests.CacheDirectory()
        try FileManager.default.createDirectory(at: cache.data.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: cache.data)
        let tmux = try AppEndToEndTests.start([], cache: cache)
        defer { tmux.close() }
        #expect(await tmux.waitFor("exit=1"), "\(tmux.picture)")
        #expect(tmux.paneValue("alternate_on") == "0", "back on the normal screen")
        #expect(tmux.screen().joined().contains("vitrine app: cannot start the embedded backend: cannot make the data directory"), "\(tmux.picture)")
    }
}
