import CImageCodec
import FlowCore
import FlowRuntime
import Foundation
import ImagePipeline
import Synchronization
import Testing
@testable import FlowPresentation

/// Serves one PNG, or fails, or waits until released; counts requests.
final class ScriptedLoader: DataLoading {
    let png: Data?
    let requests = Mutex(0)
    init(png: Data?) { self.png = png }

    func data(for url: URL, maxBytes: Int) async throws -> Data {
        requests.withLock { $0 += 1 }
        try Task.checkCancellation()
        guard let png else { throw ImagePipeline.Error.network(status: 404) }
        return png
    }

    static func png(width: Int, height: Int) -> Data? {
        let pixels = [UInt8](repeating: 200, count: width * height * 4)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard vt_png_encode_rgba(pixels, Int32(width), Int32(height), &out, &size) == VT_OK, let out else { return nil }
        defer { vt_free(out) }
        return Data(bytes: out, count: size)
    }
}

/// What an image view asks the pipeline for, and what it shows.
@MainActor
@Suite struct ImageLoadTests {
    let base = URL(string: "https://shop.example/v1/home")

    @Test func thePixelSizeIsTheReservedBoxTimesTheScale() throws {
        let image = ImageData(url: "/v1/images/p.jpg", aspectRatio: 4.0 / 3.0, scaleMode: .fit)
        let height = ImageSizing.reservedHeight(width: 180, aspectRatio: image.aspectRatio)
        let request = try #require(ImageLoad.request(for: image, width: 180, height: height, scale: 3, baseURL: base))
        #expect(request.targetSize == PixelSize(width: 540, height: 405))
        #expect(request.url.absoluteString == "https://shop.example/v1/images/p.jpg", "relative to the page")
        #expect(request.contentMode == .fit)
    }

    @Test func unfetchableURLsAndEmptyBoxesAskForNothing() {
        for url in ["file:///etc/passwd", "javascript:alert(1)", "https://x/\u{1B}[2J.jpg", "relative.jpg"] {
            #expect(ImageLoad.request(for: ImageData(url: url), width: 100, height: 100, scale: 2, baseURL: nil) == nil, "\(url)")
        }
        #expect(ImageLoad.request(for: ImageData(url: "https://x/a.jpg"), width: 0, height: 100, scale: 2, baseURL: nil) == nil)
        #expect(ImageLoad.request(for: ImageData(url: "https://x/a.jpg"), width: 10, height: 10, scale: .nan, baseURL: nil) == nil)
    }

    @Test func aLoadEndsLoadedAndTheSameRequestIsNotAskedAgain() async throws {
        let loader = ScriptedLoader(png: ScriptedLoader.png(width: 8, height: 8))
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let load = ImageLoad()
        load.load(ImageData(url: "https://x/a.png"), width: 4, height: 4, scale: 2, baseURL: nil, pipeline: pipeline)
        #expect(load.phase == .loading)
        await load.settle()
        guard case .loaded(let bitmap) = load.phase else { Issue.record("not loaded: \(load.phase)"); return }
        #expect(bitmap.width <= 8 && bitmap.height <= 8)
        load.load(ImageData(url: "https://x/a.png"), width: 4, height: 4, scale: 2, baseURL: nil, pipeline: pipeline)
        await load.settle()
        #expect(loader.requests.withLock { $0 } == 1)
    }

    @Test func aFailureShowsThePlaceholderForGood() async {
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: ScriptedLoader(png: nil))
        let load = ImageLoad()
        load.load(ImageData(url: "https://x/missing.png"), width: 10, height: 10, scale: 2, baseURL: nil, pipeline: pipeline)
        await load.settle()
        #expect(load.phase == .failed)
        load.load(ImageData(url: "file:///x.png"), width: 10, height: 10, scale: 2, baseURL: nil, pipeline: pipeline)
        #expect(load.phase == .failed, "a refused URL is a placeholder at once")
    }

    /// The image shown stays while another size of it loads: a resize (a rotation, a detent
    /// dragged) never flashes it to its placeholder and back.
    @Test func theImageShownStaysWhileAnotherSizeOfItLoads() async throws {
        let loader = ScriptedLoader(png: ScriptedLoader.png(width: 64, height: 64))
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let load = ImageLoad()
        let image = ImageData(url: "https://x/a.png")
        load.load(image, width: 4, height: 4, scale: 2, baseURL: nil, pipeline: pipeline)
        await load.settle()
        guard case .loaded(let small) = load.phase else { Issue.record("not loaded: \(load.phase)"); return }
        load.load(image, width: 16, height: 16, scale: 2, baseURL: nil, pipeline: pipeline)
        #expect(load.phase == .loaded(small), "the small one stays while the large one is made")
        await load.settle()
        guard case .loaded(let large) = load.phase else { Issue.record("not loaded: \(load.phase)"); return }
        #expect(large.width > small.width)
        load.cancel()
        load.load(image, width: 8, height: 8, scale: 2, baseURL: nil, pipeline: pipeline)
        #expect(load.phase == .loaded(large), "back on screen, the image it had shows at once")
        load.load(ImageData(url: "https://x/b.png"), width: 8, height: 8, scale: 2, baseURL: nil, pipeline: pipeline)
        #expect(load.phase == .loading, "another image is never shown as this one")
        await load.settle()
    }

    @Test func aSizeThatFailsKeepsTheImageShown() async throws {
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: ScriptedLoader(png: ScriptedLoader.png(width: 8, height: 8)))
        let load = ImageLoad()
        load.load(ImageData(url: "https://x/a.png"), width: 4, height: 4, scale: 2, baseURL: nil, pipeline: pipeline)
        await load.settle()
        guard case .loaded(let shown) = load.phase else { Issue.record("not loaded: \(load.phase)"); return }
        let failing = ImagePipeline(configuration: .memoryOnly, loader: ScriptedLoader(png: nil))
        load.load(ImageData(url: "https://x/a.png"), width: 6, height: 6, scale: 2, baseURL: nil, pipeline: failing)
        await load.settle()
        #expect(load.phase == .loaded(shown))
    }

    @Test func cancellingWhenTheViewGoesAwayDropsTheLoad() async {
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: ScriptedLoader(png: ScriptedLoader.png(width: 2, height: 2)))
        let load = ImageLoad()
        load.load(ImageData(url: "https://x/a.png"), width: 10, height: 10, scale: 2, baseURL: nil, pipeline: pipeline)
        load.cancel()
        #expect(load.phase == .empty)
        #expect(load.request == nil)
        await load.settle()
        #expect(load.phase == .empty, "a cancelled load never lands")
    }
}

/// A renderer's image of a bitmap (SwiftUI's `CGImage`) is made once per bitmap, however often
/// the view is evaluated, and again only for a new bitmap.
@MainActor
@Suite struct BitmapRenditionTests {
    @Test func eachBitmapIsMadeIntoARenditionOnce() async throws {
        let loader = ScriptedLoader(png: ScriptedLoader.png(width: 8, height: 8))
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: loader)
        let load = ImageLoad()
        let rendition = BitmapRendition<[Int]>()
        #expect(rendition.rendition(of: load) { [$0.width] } == nil, "nothing shown, nothing made")
        load.load(ImageData(url: "https://x/a.png"), width: 4, height: 4, scale: 2, baseURL: nil, pipeline: pipeline)
        await load.settle()
        for _ in 0..<5 {
            #expect(rendition.rendition(of: load) { [$0.width, $0.height] } == [8, 8])
        }
        #expect(rendition.makings == 1, "five evaluations, one rendition")
        load.load(ImageData(url: "https://x/a.png"), width: 3, height: 3, scale: 2, baseURL: nil, pipeline: pipeline)
        await load.settle()
        #expect(rendition.rendition(of: load) { [$0.width, $0.height] } == [6, 6])
        #expect(rendition.makings == 2, "another size is another bitmap")
    }
}

/// The images of what comes next on a page, loaded before they scroll in and let go after.
@MainActor
@Suite struct PagePrefetchTests {
    static func page() throws -> PageModel {
        let cards = (0..<6).map { index in
            #"{"type": "image_text_card", "id": "c\#(index)", "data": {"title": "t", "image": {"url": "https://x/\#(index).png", "aspect_ratio": 2}}}"#
        }.joined(separator: ", ")
        return try A11y.page(#"{"page": {"sections": [{"id": "s", "widgets": [\#(cards), {"type": "title_block", "id": "end", "data": {"title": "no image"}}]}]}}"#)
    }

    static func visible(_ ids: [String], in page: PageModel) -> [VisibleWidget] {
        page.sections[0].widgets.filter { ids.contains($0.id) }.map { VisibleWidget(widget: $0, section: page.sections[0], position: 0, visibleFraction: 1) }
    }

    @Test func theWidgetsAfterTheLastOnScreenComeNext() throws {
        let page = try Self.page()
        #expect(PagePrefetch.upcoming(in: page, after: Self.visible(["c0", "c1"], in: page), ahead: 2).map(\.id) == ["c2", "c3"])
        #expect(PagePrefetch.upcoming(in: page, after: [], ahead: 2).map(\.id) == ["c0", "c1"], "nothing on screen yet: the page's start")
        #expect(PagePrefetch.upcoming(in: page, after: Self.visible(["c5"], in: page), ahead: 4).map(\.id) == ["end"])
        #expect(PagePrefetch.upcoming(in: page, after: Self.visible(["end"], in: page), ahead: 4).isEmpty)
    }

    @Test func scrollingLoadsWhatComesNextAndLetsGoOfWhatPassed() throws {
        let page = try Self.page()
        let pipeline = ImagePipeline(configuration: .memoryOnly, loader: ScriptedLoader(png: nil))
        let prefetch = PagePrefetch(prefetcher: ImagePrefetcher(pipeline: pipeline), ahead: 2)
        prefetch.update(page: page, visible: Self.visible(["c0"], in: page), viewportWidth: 100, scale: 3, baseURL: nil)
        #expect(Set(prefetch.requests.map(\.url.lastPathComponent)) == ["1.png", "2.png"])
        // The box a full-width image of aspect ratio 2 reserves: 100 × 50 points, at 3×.
        #expect(prefetch.requests.allSatisfy { $0.targetSize == PixelSize(width: 300, height: 150) })
        prefetch.update(page: page, visible: Self.visible(["c2"], in: page), viewportWidth: 100, scale: 3, baseURL: nil)
        #expect(Set(prefetch.requests.map(\.url.lastPathComponent)) == ["3.png", "4.png"])
        prefetch.update(page: page, visible: Self.visible(["c5"], in: page), viewportWidth: 100, scale: 3, baseURL: nil)
        #expect(prefetch.requests.isEmpty, "a widget with no image comes next")
        prefetch.update(page: page, visible: [], viewportWidth: 0, scale: 3, baseURL: nil)
        #expect(prefetch.requests.isEmpty)
        prefetch.update(page: page, visible: [], viewportWidth: 100, scale: 3, baseURL: nil)
        prefetch.stop()
        #expect(prefetch.requests.isEmpty)
    }
}

/// What comes next is what a renderer shows: a section that is not shown loads nothing.
@MainActor
@Suite struct PagePrefetchResolutionTests {
    @Test func aSectionThatIsNotShownIsNotLoadedAhead() throws {
        let page = try A11y.page(#"{"page": {"sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "top", "data": {"title": "t"}}]},"#
            + #"{"id": "gone", "expires_at": "2000-01-01T00:00:00Z", "widgets": [{"type": "image_text_card", "id": "old", "data": {"title": "t", "image": {"url": "https://x/expired.png"}}}]},"#
            + #"{"id": "next", "widgets": [{"type": "image_text_card", "id": "new", "data": {"title": "t", "image": {"url": "https://x/next.png"}}}]}]}}"#)
        try #require(page.sections.count == 3)
        let prefetch = PagePrefetch(prefetcher: ImagePrefetcher(pipeline: ImagePipeline(configuration: .memoryOnly, loader: ScriptedLoader(png: nil))), ahead: 1)
        let top = VisibleWidget(widget: page.sections[0].widgets[0], section: page.sections[0], position: 0, visibleFraction: 1)
        let context = EvaluationContext(client: ClientContext(appVersion: AppVersion(major: 9)), now: Date())
        prefetch.update(page: page, visible: [top], viewportWidth: 100, scale: 2, baseURL: nil, context: context)
        #expect(Set(prefetch.requests.map(\.url.lastPathComponent)) == ["next.png"])
        prefetch.update(page: page, visible: [top], viewportWidth: 100, scale: 2, baseURL: nil)
        #expect(Set(prefetch.requests.map(\.url.lastPathComponent)) == ["expired.png"], "unresolved, the page as sent")
    }
}
