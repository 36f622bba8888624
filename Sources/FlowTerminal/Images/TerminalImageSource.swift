import FlowCore
import FlowPresentation
import Foundation
import ImagePipeline

/// Where image views get their cells. A view asks for an image at its box; `nil` means not
/// there yet (or failed), and the view draws the placeholder of the same size.
@MainActor
public protocol TerminalImageSource: AnyObject {
    /// The encoded cells of `image` for a box `columns` × `rows`, or `nil` while loading and on
    /// failure. Asking starts the load; the source says when it arrives.
    func cells(for image: ImageData, columns: Int, rows: Int, background: TerminalColor) -> [Cell]?
}

/// Images from an `ImagePipeline`, at the pixel size of the widget's cell box (one pixel a
/// column, two a row), encoded to half blocks once per (url, box) and kept while the page is.
@MainActor
public final class PipelineImageSource: TerminalImageSource {
    struct Key: Hashable {
        var url: URL
        var columns: Int
        var rows: Int
        var mode: ContentMode
        var background: TerminalColor
    }

    private let pipeline: ImagePipeline
    private var encoded: [Key: [Cell]] = [:]
    private var failed: Set<Key> = []
    private var loading: [Key: Task<Void, Never>] = [:]
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0
    /// Called when an image arrives or fails, so the host draws a new frame.
    public var onChange: (@MainActor () -> Void)?
    /// How many encoded boxes are kept before the oldest go. Default 512.
    public var capacity = 512

    /// What relative image URLs (`/v1/images/x.jpg`) resolve against: the page's own URL.
    public let baseURL: URL?

    public init(pipeline: ImagePipeline, baseURL: URL? = nil) {
        self.pipeline = pipeline
        self.baseURL = baseURL
    }

    public func cells(for image: ImageData, columns: Int, rows: Int, background: TerminalColor) -> [Cell]? {
        guard columns > 0, rows > 0, let url = Self.url(image.url, relativeTo: baseURL) else { return nil }
        let mode: ContentMode = image.scaleMode == .fit ? .fit : .fill
        let key = Key(url: url, columns: columns, rows: rows, mode: mode, background: background)
        if let cells = encoded[key] { return cells }
        guard !failed.contains(key) else { return nil }
        let (width, height) = Self.pixelSize(columns: columns, rows: rows)
        let request = ImageRequest(url: url, targetSize: PixelSize(width: width, height: height), contentMode: mode)
        if let bitmap = pipeline.cachedImage(for: request) {
            return store(HalfBlockEncoder.cells(for: bitmap, columns: columns, rows: rows, contentMode: mode, background: background), for: key)
        }
        if loading[key] == nil {
            loading[key] = Task { [pipeline] in
                let result: Bitmap?
                do {
                    result = try await pipeline.image(for: request)
                } catch {
                    result = nil
                }
                self.finish(key, bitmap: result)
            }
        }
        return nil
    }

    /// Waits until no load is under way, or `limit` has passed (for a one-shot render: a slow
    /// image server cannot hold it).
    public func waitForLoads(within limit: Duration) async {
        guard !loading.isEmpty else { return }
        let id = nextWaiter
        nextWaiter += 1
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiters[id] = continuation
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: limit)
                self?.resumeWaiter(id)
            }
        }
    }

    private func resumeWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume()
    }

    /// Whether loads are under way.
    public var isLoading: Bool { !loading.isEmpty }

    private func finish(_ key: Key, bitmap: Bitmap?) {
        loading[key] = nil
        if let bitmap {
            _ = store(HalfBlockEncoder.cells(for: bitmap, columns: key.columns, rows: key.rows, contentMode: key.mode, background: key.background), for: key)
        } else {
            failed.insert(key)
        }
        onChange?()
        if loading.isEmpty {
            for id in Array(waiters.keys) { resumeWaiter(id) }
        }
    }

    private func store(_ cells: [Cell], for key: Key) -> [Cell] {
        if encoded.count >= capacity, let victim = encoded.keys.first { encoded[victim] = nil }
        encoded[key] = cells
        return cells
    }

    /// The pixel size to ask for: one pixel a column, two a row (`ImageSizing`).
    static func pixelSize(columns: Int, rows: Int) -> (Int, Int) {
        let size = FlowPresentationImageSizing.pixelSize(columns: columns, rows: rows)
        return (size.width, size.height)
    }

    /// The URL fetched for `string`: FlowPresentation's rule for every renderer (`ImageURL`).
    static func url(_ string: String, relativeTo base: URL? = nil) -> URL? {
        ImageURL.fetchable(string, relativeTo: base)
    }
}
