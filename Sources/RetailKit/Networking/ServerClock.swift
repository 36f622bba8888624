import FlowCore
import Foundation
import PrivateFiles
import Synchronization

/// The backend's time as the client knows it: the device's clock corrected by the offset the
/// `Date` of the backend's answers shows, so a device clock a day off neither hides a live
/// campaign nor shows an ended one. It is the instant pages are resolved at (`ExpiryClock`) and
/// the one countdowns count to.
///
/// `Date` has whole seconds, so an answer says the server's time at its sending to within a
/// second, plus the network's delay: the offset estimated from one answer is its `Date` (plus
/// its `Age`, for one a cache kept) and half a second, minus the device's time at its arrival.
/// A device that agrees with that to within `tolerance` keeps its own clock (it is likely
/// synchronised and finer than a header); a new estimate replaces the offset only when it
/// differs from it by more than `tolerance`, so countdowns do not jitter answer by answer.
/// The offset is kept on disk (`PrivateFiles`), so a page shown from the cache at the next
/// start is resolved at the backend's time before any answer arrives.
public final class ServerClock: Sendable {
    /// The precision of one estimate: the header's second.
    public static let tolerance: TimeInterval = 1
    /// Offsets beyond a century are not time but a broken header.
    public static let maximumOffset: TimeInterval = 100 * 366 * 86_400

    private let deviceNow: @Sendable () -> Date
    private let file: URL?
    private let offsetSeconds: Mutex<TimeInterval>
    private let queue = DispatchQueue(label: "vitrine.server-clock")

    /// A clock over the device's `now` that keeps its offset in `file`, when there is one.
    /// Nothing is read yet: `restore()` reads the kept offset once the storage tree is known to
    /// be the shopper's own (`AppComposition`).
    public init(now: @escaping @Sendable () -> Date, file: URL? = nil) {
        deviceNow = now
        self.file = file
        offsetSeconds = Mutex(0)
    }

    /// Takes the offset kept in the file, unless an answer has set one already.
    public func restore() {
        guard let kept = file.flatMap(Self.load) else { return }
        offsetSeconds.withLock { offset in
            if offset == 0 { offset = kept }
        }
    }

    /// How far the backend's clock is ahead of the device's, in seconds.
    public var offset: TimeInterval {
        offsetSeconds.withLock { $0 }
    }

    /// The backend's time now.
    public func now() -> Date {
        deviceNow().addingTimeInterval(offset)
    }

    /// Takes an answer's `Date` (and `Age`) into account, the answer having arrived at
    /// `receivedAt` on the device's clock (default: now). Headers that do not parse change
    /// nothing.
    public func observe(date: String?, age: String?, receivedAt: Date? = nil) {
        guard let date, let sent = HTTPDateParser.date(from: date) else { return }
        let receivedAt = receivedAt ?? deviceNow()
        let kept = age.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { TimeInterval(min(max(0, $0), 86_400 * 365)) } ?? 0
        var estimate = sent.timeIntervalSince(receivedAt) + kept + 0.5
        guard estimate.isFinite, abs(estimate) <= Self.maximumOffset else { return }
        if abs(estimate) <= Self.tolerance { estimate = 0 }
        let changed = offsetSeconds.withLock { offset -> Bool in
            guard abs(estimate - offset) > Self.tolerance else { return false }
            offset = estimate
            return true
        }
        if changed { save(estimate) }
    }

    /// Returns once every offset asked to be kept is on disk.
    public func waitUntilSaved() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }

    private func save(_ offset: TimeInterval) {
        guard let file else { return }
        let document: JSONValue = .object(JSONObject([(key: "version", value: 1), (key: "offset_seconds", value: .number(offset))]))
        queue.async {
            try? PrivateDirectory.make(file.deletingLastPathComponent())
            try? AtomicFile.write(JSONWriter.data(for: document), to: file)
        }
    }

    /// The kept offset; `nil` when there is none or it is not one this writes.
    private static func load(_ file: URL) -> TimeInterval? {
        guard let data = FileSystem.read(file.path, maxBytes: 4096), let document = try? JSONParser.parse(data),
            document["version"]?.intValue == 1, let offset = document["offset_seconds"]?.doubleValue,
            offset.isFinite, abs(offset) <= maximumOffset
        else { return nil }
        return offset
    }
}
