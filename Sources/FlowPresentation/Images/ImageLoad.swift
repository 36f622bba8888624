import FlowCore
import Foundation
import ImagePipeline
import Observation

/// One image view's load: what to ask the pipeline for, the phase the view shows, and
/// cancellation when the view goes away, the same for every renderer that draws in points.
///
/// The pixel size is the box the layout reserved (`ImageSizing.reservedHeight` for its width)
/// times the display's scale (`ImageSizing.pixelSize`), so a 3× phone decodes three pixels a
/// point and never a full-size photo. Asking again for the same request does nothing; a new
/// request (a resize, another URL) cancels the one in flight; `cancel()` (the view left the
/// screen) cancels it, so scrolling costs no stale decodes. An image shown stays shown while
/// the same URL is asked at another size (a rotation, a sheet's detent dragged, Dynamic Type)
/// or again after the view came back, until the new bitmap replaces it: no flash to the
/// placeholder at every size on the way.
@MainActor
@Observable
public final class ImageLoad {
    public enum Phase: Sendable, Equatable {
        /// Nothing asked yet, or cancelled: the placeholder.
        case empty
        /// Asked: the placeholder (shimmering when allowed).
        case loading
        case loaded(Bitmap)
        /// The placeholder, for good: a refused URL, a failed download or decode.
        case failed
    }

    public private(set) var phase: Phase = .empty
    /// Counts the bitmaps `phase` has shown: a new one (another size, another URL) is a new
    /// number, so what a renderer made of the last one (`BitmapRendition`) is known stale.
    @ObservationIgnored public private(set) var bitmapNumber = 0
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored public private(set) var request: ImageRequest?
    /// The URL of the bitmap `phase` shows, when it shows one.
    @ObservationIgnored private var shownURL: URL?

    public init() {}

    /// What to ask for `image` in a box `width` × `height` points on a screen of `scale`
    /// pixels a point: nil when the URL is not fetchable or the box has no area.
    public nonisolated static func request(for image: ImageData, width: Double, height: Double, scale: Double, baseURL: URL?) -> ImageRequest? {
        guard let url = ImageURL.fetchable(image.url, relativeTo: baseURL), scale > 0, scale.isFinite,
            width.isFinite, height.isFinite else { return nil }
        let pixels = ImageSizing.pixelSize(width: width, height: height, pixelsPerUnit: (scale, scale))
        guard pixels.width > 0, pixels.height > 0 else { return nil }
        return ImageRequest(url: url, targetSize: PixelSize(width: pixels.width, height: pixels.height),
                            contentMode: image.scaleMode == .fit ? .fit : .fill)
    }

    /// Loads `image` for the box through `pipeline`.
    public func load(_ image: ImageData, width: Double, height: Double, scale: Double, baseURL: URL?, pipeline: ImagePipeline) {
        guard let request = Self.request(for: image, width: width, height: height, scale: scale, baseURL: baseURL) else {
            if width > 0, height > 0 { cancel(); phase = .failed; shownURL = nil }
            return
        }
        if request == self.request, phase != .empty { return }
        task?.cancel()
        self.request = request
        let keepsShown = isShowing(request.url)
        if !keepsShown { phase = .loading }
        task = Task { [weak self] in
            let outcome: Phase
            do {
                outcome = .loaded(try await pipeline.image(for: request))
            } catch {
                outcome = .failed
            }
            guard !Task.isCancelled, let self, self.request == request else { return }
            // The image shown stays when only another size of it could not be made.
            if outcome == .failed, keepsShown { return }
            self.shownURL = outcome == .failed ? nil : request.url
            if case .loaded = outcome { self.bitmapNumber += 1 }
            self.phase = outcome
        }
    }

    /// Whether a bitmap of `url` is shown now (compared by bytes).
    private func isShowing(_ url: URL) -> Bool {
        guard case .loaded = phase, let shownURL else { return false }
        return shownURL.absoluteString.utf8.elementsEqual(url.absoluteString.utf8)
    }

    /// The view went away: the load in flight is cancelled; when it comes back it asks again,
    /// showing the image it had meanwhile, or else its placeholder.
    public func cancel() {
        task?.cancel()
        task = nil
        request = nil
        if case .loaded = phase { return }
        phase = .empty
    }

    /// Waits for the load in flight (tests).
    public func settle() async {
        await task?.value
    }
}

/// What a renderer makes of the bitmap an `ImageLoad` shows (SwiftUI's `CGImage`), made once
/// per bitmap: a view's body is evaluated often, and each making copies every pixel.
@MainActor
public final class BitmapRendition<Rendition> {
    private var made: (bitmapNumber: Int, rendition: Rendition?)?
    /// How many times a rendition was made.
    public private(set) var makings = 0

    public init() {}

    /// The rendition of the bitmap `load` shows, made by `make` only when that bitmap is new;
    /// nil while it shows none.
    public func rendition(of load: ImageLoad, make: (Bitmap) -> Rendition?) -> Rendition? {
        guard case .loaded(let bitmap) = load.phase else { return nil }
        if let made, made.bitmapNumber == load.bitmapNumber { return made.rendition }
        makings += 1
        let rendition = make(bitmap)
        made = (load.bitmapNumber, rendition)
        return rendition
    }
}
