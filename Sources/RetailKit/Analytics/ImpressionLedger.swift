import FlowCore
import FlowRuntime
import Foundation
import PrivateFiles

/// The impressions counted lately, kept on disk so the next run counts none of them again:
/// a cached page shown at the next start carries the `request_id` it had, and CONTRACT §9
/// sends an impression once per widget per `request_id`.
///
/// Only the compositions shown last are kept (`compositions`, `widgets`): a page older than
/// the cache keeps is never shown again with its `request_id`. Saves run in order on a serial
/// queue (never on the main actor), each replacing the file whole (`AtomicFile`); a file that
/// cannot be read is taken as empty (at worst a cached page counts again).
final class ImpressionLedger: Sendable {
    let url: URL
    /// The most compositions kept.
    let compositions: Int
    /// The most (`request_id`, widget) counts kept.
    let widgets: Int
    private let queue = DispatchQueue(label: "vitrine.impression-ledger")
    /// Saves that failed since `waitUntilSaved()` last answered.
    private let failedSaves = Locked(0)
    /// The largest file read (the counts kept are bounded far below it).
    static let maxBytes = 8 << 20

    init(url: URL, compositions: Int = 64, widgets: Int = 4_000) {
        self.url = url
        self.compositions = compositions
        self.widgets = widgets
    }

    /// What was kept; empty when there is no file or it cannot be read.
    func load() -> [CountedImpressions] {
        guard let data = FileSystem.read(url.path, maxBytes: Self.maxBytes), let document = try? JSONParser.parse(data) else { return [] }
        var total = 0
        var kept: [CountedImpressions] = []
        for entry in (document["compositions"]?.arrayValue ?? []).suffix(compositions) {
            guard let request = entry["request_id"]?.stringValue, Self.isIdentifier(request), let counts = entry["counts"]?.objectValue
            else { continue }
            let widgets = counts.compactMap { member -> (widgetID: String, count: Int)? in
                guard Self.isIdentifier(member.key), let count = member.value.intValue, (1...1_000_000).contains(count) else { return nil }
                return (member.key, count)
            }
            guard total + widgets.count <= self.widgets else { break }
            total += widgets.count
            kept.append(CountedImpressions(requestID: request, counts: widgets))
        }
        return kept
    }

    /// Replaces what is kept (asynchronously, after every save asked for before).
    func save(_ counted: [CountedImpressions]) {
        let document: JSONValue = .object(JSONObject([
            (key: "version", value: 1),
            (key: "compositions", value: .array(counted.map { composition in
                .object(JSONObject([
                    (key: "request_id", value: .string(composition.requestID)),
                    (key: "counts", value: .object(JSONObject(composition.counts.map { (key: $0.widgetID, value: .number(Double($0.count))) }))),
                ]))
            })),
        ]))
        let url = self.url
        let failedSaves = self.failedSaves
        queue.async {
            do {
                try PrivateDirectory.make(url.deletingLastPathComponent())
                try AtomicFile.write(JSONWriter.data(for: document), to: url)
            } catch {
                failedSaves.withLock { $0 += 1 }
            }
        }
    }

    /// Returns once every save asked for so far has been tried: `true` when each was written,
    /// `false` when one failed since the last answer.
    @discardableResult
    func waitUntilSaved() async -> Bool {
        let failedSaves = self.failedSaves
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            queue.async {
                let failed = failedSaves.withLock { count in
                    defer { count = 0 }
                    return count
                }
                continuation.resume(returning: failed == 0)
            }
        }
    }

    /// An id as ids are sent: 1–256 bytes.
    private static func isIdentifier(_ text: String) -> Bool {
        (1...256).contains(text.utf8.count)
    }
}
