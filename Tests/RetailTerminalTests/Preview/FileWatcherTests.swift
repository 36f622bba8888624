import Foundation
import Testing
@testable import RetailTerminal
import RetailPresentation
import TestSupport

@MainActor
@Suite struct FileWatcherTests {
    /// Readings in order, and a way to wait for the next.
    final class Readings {
        var all: [String] = []
        private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

        func append(_ reading: FileWatcher.Reading) {
            switch reading {
            case .contents(let data): all.append(String(decoding: data, as: UTF8.self))
            case .unreadable(let reason): all.append("unreadable: \(reason)")
            }
            let ready = waiters.filter { $0.0 <= all.count }
            waiters.removeAll { $0.0 <= all.count }
            ready.forEach { $0.1.resume() }
        }

        func wait(for count: Int) async {
            guard all.count < count else { return }
            await withCheckedContinuation { waiters.append((count, $0)) }
        }
    }

    static func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-watch-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aChangeIsReadAtTheNextPollAndAnUnchangedFileIsNotReadAgain() async throws {
        let path = try Self.temporaryFile("one")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = TestClock()
        let readings = Readings()
        let watcher = FileWatcher(path: path, interval: .milliseconds(250), clock: clock) { readings.append($0) }
        watcher.start()
        #expect(readings.all == ["one"], "read at once")
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(250))
        await clock.waitForSleepers()
        #expect(readings.all == ["one"], "unchanged: not read again")
        try Data("two, longer".utf8).write(to: URL(fileURLWithPath: path))
        clock.advance(by: .milliseconds(250))
        await readings.wait(for: 2)
        #expect(readings.all == ["one", "two, longer"])
        watcher.stop()
    }

    @Test func aFileReplacedByRenameIsNoticedAndAMissingOneIsUnreadable() async throws {
        let path = try Self.temporaryFile("one")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = TestClock()
        let readings = Readings()
        let watcher = FileWatcher(path: path, clock: clock) { readings.append($0) }
        watcher.start()
        await clock.waitForSleepers()
        // Same size, written elsewhere and renamed over the file, as editors save.
        let other = try Self.temporaryFile("uno")
        _ = rename(other, path)
        clock.advance(by: .milliseconds(250))
        await readings.wait(for: 2)
        #expect(readings.all.last == "uno")
        try FileManager.default.removeItem(atPath: path)
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(250))
        await readings.wait(for: 3)
        #expect(readings.all.last == "unreadable: missing")
        watcher.stop()
    }

    @Test func aForcedCheckReadsEvenWhenNothingChanged() throws {
        let path = try Self.temporaryFile("one")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let readings = Readings()
        let watcher = FileWatcher(path: path, clock: TestClock()) { readings.append($0) }
        watcher.check()
        watcher.check()
        #expect(readings.all == ["one"])
        watcher.check(force: true)
        #expect(readings.all == ["one", "one"])
    }
}
