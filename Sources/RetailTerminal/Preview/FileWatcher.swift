import Foundation
import RetailPresentation

/// Notices when a file changes by polling its `FileStamp` on an injected clock (every
/// `interval`, default 250 ms, so a saved edit shows well within a second), and reads it
/// again only then. Polling rather than inotify: it works the same on every platform and for
/// every way editors save (in place, or a new file renamed over the old one).
@MainActor
public final class FileWatcher {
    /// The largest file read: a page payload is far smaller; anything bigger is refused.
    public static let maximumBytes = 64 << 20

    /// What a reading found.
    public enum Reading: Sendable, Equatable {
        case contents(Data)
        /// The file is missing, unreadable or too big.
        case unreadable(Unreadable)
    }

    /// Why a file was not read.
    public enum Unreadable: Sendable, Equatable {
        case missing
        /// Larger than `maximumBytes` (in MiB).
        case tooLarge(mebibytes: Int)
        case cannotRead

        /// Said in `words`.
        public func said(in words: Words) -> String {
            switch self {
            case .missing: words[.previewFileMissing]
            case .tooLarge(let mebibytes): words(.previewFileTooLarge, ["size": RetailFormat(words.locale).number(mebibytes)])
            case .cannotRead: words[.previewFileUnreadable]
            }
        }
    }

    public let path: String
    private let clock: any Clock<Duration>
    private let interval: Duration
    private let onReading: @MainActor (Reading) -> Void
    private var last: FileStamp?
    private var hasRead = false
    private var task: Task<Void, Never>?

    public init(path: String, interval: Duration = .milliseconds(250), clock: any Clock<Duration>, onReading: @escaping @MainActor (Reading) -> Void) {
        self.path = path
        self.interval = interval
        self.clock = clock
        self.onReading = onReading
    }

    deinit {
        task?.cancel()
    }

    /// Reads the file now, then polls it until `stop()`.
    public func start() {
        check(force: true)
        guard task == nil else { return }
        task = Self.poll(on: clock, every: interval, owner: self)
    }

    public func stop() {
        task?.cancel()
        task = nil
    }

    /// Reads the file if its stamp changed since the last reading (or always, with `force`).
    public func check(force: Bool = false) {
        let stamp = FileStamp.of(path)
        guard force || !hasRead || stamp != last else { return }
        last = stamp
        hasRead = true
        onReading(Self.read(path, stamp: stamp))
    }

    static func read(_ path: String, stamp: FileStamp?) -> Reading {
        guard let stamp else { return .unreadable(.missing) }
        guard stamp.size <= maximumBytes else { return .unreadable(.tooLarge(mebibytes: maximumBytes >> 20)) }
        guard let data = FileManager.default.contents(atPath: path) else { return .unreadable(.cannotRead) }
        return .contents(data)
    }

    private static func poll(on clock: any Clock<Duration>, every interval: Duration, owner: FileWatcher) -> Task<Void, Never> {
        Task { @MainActor [weak owner] in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: interval, tolerance: nil)
                } catch {
                    return
                }
                guard let owner else { return }
                owner.check()
            }
        }
    }
}
