import Foundation
import Synchronization

/// Serves generated images: drawn on first request (never at start-up), then kept in a
/// memory cache bounded by bytes (oldest dropped first) and, when configured, in a cache
/// directory that outlives the process.
final class ImageStore: Sendable {
    private struct Memory: Sendable {
        var images: [String: [UInt8]] = [:]
        var order: [String] = []
        var bytes = 0
    }

    private let budget: Int
    private let directory: URL?
    private let memory = Mutex(Memory())

    init(memoryBudget: Int, directory: URL?) {
        budget = memoryBudget
        self.directory = directory
        if let directory {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
    }

    /// The encoded image; `nil` only if the encoder fails.
    func bytes(for spec: ImageSpec) -> [UInt8]? {
        if let cached = memory.withLock({ $0.images[spec.name] }) { return cached }
        let file = directory?.appendingPathComponent(spec.name)
        var bytes: [UInt8]?
        if let file, let data = try? Data(contentsOf: file) { bytes = [UInt8](data) }
        if bytes == nil {
            // Drawn outside the lock: other images keep being served meanwhile.
            bytes = try? ImageGenerator.encode(spec)
            if let bytes, let file { Self.write(bytes, to: file) }
        }
        guard let bytes else { return nil }
        remember(bytes, name: spec.name)
        return bytes
    }

    private func remember(_ bytes: [UInt8], name: String) {
        guard bytes.count <= budget else { return }
        memory.withLock { memory in
            guard memory.images[name] == nil else { return }
            memory.images[name] = bytes
            memory.order.append(name)
            memory.bytes += bytes.count
            while memory.bytes > budget, !memory.order.isEmpty {
                let oldest = memory.order.removeFirst()
                memory.bytes -= memory.images.removeValue(forKey: oldest)?.count ?? 0
            }
        }
    }

    /// Written to a temporary name and moved into place, so a reader never sees half a
    /// file; when two writers race, the loser's move fails and its copy is removed (the
    /// bytes are the same).
    private static func write(_ bytes: [UInt8], to file: URL) {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        do {
            try Data(bytes).write(to: temporary)
            try FileManager.default.moveItem(at: temporary, to: file)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }
}
