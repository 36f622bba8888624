import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices a catalogue directory change by looking at its files' identity, size and times
/// (`stat`) every interval, on a timer of its own: simple, and robust where inotify is not
/// (network and container file systems, editors that replace a file by renaming another).
///
/// A change is reported once the files have stayed the same for one more look, `settle` after
/// the one that saw it (sooner than the next interval), so an editor's save in several writes,
/// or a copy of many files, is read whole and not half, and an edit serves within an interval,
/// the settle and a reload. The reload itself is the backend's
/// (`HomeBackend.requestCatalogueReload`).
final class CatalogueWatcher: Sendable {
    /// What the files looked like: names, device and inode, size, modification and change
    /// times, in order.
    struct Stamp: Sendable, Hashable {
        var files: [String]
        var stats: [[Int]]
    }

    private struct State {
        var applied: Stamp
        var pending: Stamp?
        var isRunning = false
        var isStopped = false
    }

    private let directory: CatalogueDirectory
    private let state: Mutex<State>
    /// Signalled by `stop()`, so the watching thread ends at once rather than at its next look.
    private let wake = DispatchSemaphore(value: 0)

    /// Watches `directory` as it is now.
    init(directory: CatalogueDirectory) {
        self.directory = directory
        state = Mutex(State(applied: Self.stamp(directory)))
    }

    /// Looks once; calls `onChange` when the files differ from what was last reported and did
    /// not change since the previous look. Tests call it for each interval that passes.
    @discardableResult
    func poll(onChange: () -> Void) -> Bool {
        let stamp = Self.stamp(directory)
        let settled = state.withLock { state -> Bool in
            guard stamp != state.applied else {
                state.pending = nil
                return false
            }
            guard stamp == state.pending else {
                state.pending = stamp
                return false
            }
            state.applied = stamp
            state.pending = nil
            return true
        }
        if settled { onChange() }
        return settled
    }

    /// How long files that changed must stay the same before they are read.
    static let settle = Duration.milliseconds(50)

    /// Polls every `interval` (and `settle` after a look that saw a change) on a thread of its
    /// own until `stop()`.
    func start(every interval: Duration, onChange: @escaping @Sendable () -> Void) {
        let starts = state.withLock { state -> Bool in
            guard !state.isRunning, !state.isStopped else { return false }
            state.isRunning = true
            return true
        }
        guard starts else { return }
        func nanoseconds(_ duration: Duration) -> Int {
            max(1_000_000, Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000))
        }
        let (every, settling) = (nanoseconds(interval), nanoseconds(min(interval, Self.settle)))
        let thread = Thread { [self] in
            Thread.current.name = "vitrine-catalog"
            while true {
                let isSettling = state.withLock { $0.pending != nil }
                _ = wake.wait(timeout: .now() + .nanoseconds(isSettling ? settling : every))
                guard !state.withLock({ $0.isStopped }) else { return }
                poll(onChange: onChange)
            }
        }
        thread.qualityOfService = .utility
        thread.start()
    }

    /// Stops the watching thread (for good).
    func stop() {
        let wasRunning = state.withLock { state -> Bool in
            defer { state.isStopped = true }
            return state.isRunning && !state.isStopped
        }
        if wasRunning { wake.signal() }
    }

    static func stamp(_ directory: CatalogueDirectory) -> Stamp {
        var files = CatalogueDirectory.rootFiles.map { directory.path($0) }
        let folder = directory.path(CatalogueDirectory.campaignsFolder)
        files += CatalogueDirectory.names(in: folder).filter(CatalogueDirectory.isCatalogueName).map { folder + "/" + $0 }
        // Other files at the top (the product feed's `products.json`, a stray file the check
        // names) and the product feed's folder: each by its path, never a bare name, which
        // `stat` would look for in the process's working directory.
        files += CatalogueDirectory.names(in: directory.url.path)
            .filter { CatalogueDirectory.isCatalogueName($0) && !CatalogueDirectory.rootFiles.contains($0) }
            .map { directory.path($0) }
        let products = directory.path(CatalogueDirectory.productsFolder)
        files += CatalogueDirectory.names(in: products).filter(CatalogueDirectory.isCatalogueName).map { products + "/" + $0 }
        return Stamp(files: files, stats: files.map(stat))
    }

    /// After symlinks: a link retargeted is a change too.
    private static func stat(_ path: String) -> [Int] {
        var status = StatBuffer()
        guard statFile(path, &status) == 0 else { return [] }
        #if canImport(Glibc)
        let (modified, changed) = (status.st_mtim, status.st_ctim)
        #else
        let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #endif
        return [Int(status.st_dev), Int(status.st_ino), Int(status.st_size),
                Int(modified.tv_sec), Int(modified.tv_nsec), Int(changed.tv_sec), Int(changed.tv_nsec)]
    }
}

#if canImport(Glibc)
private typealias StatBuffer = Glibc.stat
private func statFile(_ path: String, _ status: inout Glibc.stat) -> Int32 { stat(path, &status) }
#else
private typealias StatBuffer = Darwin.stat
private func statFile(_ path: String, _ status: inout Darwin.stat) -> Int32 { stat(path, &status) }
#endif
