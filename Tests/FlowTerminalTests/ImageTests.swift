import CImageCodec
import FlowCore
import Foundation
import ImagePipeline
import Synchronization
import Testing
@testable import FlowTerminal

/// Serves one PNG (or fails) and counts the requests.
final class OneImageLoader: DataLoading {
    let png: Data?
    let requests = Mutex(0)

    init(png: Data?) {
        self.png = png
    }

    func data(for url: URL, maxBytes: Int) async throws -> Data {
        requests.withLock { $0 += 1 }
        guard let png else { throw ImagePipeline.Error.network(status: 404) }
        return png
    }

    /// A `width` × `height` PNG: red on the top half, blue below.
    static func twoBands(width: Int, height: Int) -> Data? {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                pixels[offset] = y < height / 2 ? 255 : 0
                pixels[offset + 1] = 0
                pixels[offset + 2] = y < height / 2 ? 0 : 255
            }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard vt_png_encode_rgba(pixels, Int32(width), Int32(height), &out, &size) == VT_OK, let out else { return nil }
        defer { vt_free(out) }
        return Data(bytes: out, count: size)
    }
}

@MainActor
@Suite struct ImageTests {
    let red = TerminalColor(red: 255, green: 0, blue: 0)
    let blue = TerminalColor(red: 0, green: 0, blue: 255)
    let black = TerminalColor(red: 0, green: 0, blue: 0)

    @Test func halfBlocksShowTwoPixelsACell() {
        // 1 × 4 pixels: red, red, blue, blue → two cells, each ▀ with its top and bottom pixel.
        let pixels: [UInt8] = [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255]
        let bitmap = Bitmap(width: 1, height: 4, bytesPerRow: 4, pixels: pixels)
        let cells = HalfBlockEncoder.cells(for: bitmap, columns: 1, rows: 2, contentMode: .fill, background: black)
        #expect(cells.map(\.grapheme) == ["▀", "▀"])
        #expect(cells[0].style.foreground == red && cells[0].style.background == red)
        #expect(cells[1].style.foreground == blue && cells[1].style.background == blue)
    }

    @Test func aSmallerBitmapIsScaledAndTransparencyShowsTheBackground() {
        let pixels: [UInt8] = [0, 0, 0, 0]  // one transparent pixel (premultiplied)
        let bitmap = Bitmap(width: 1, height: 1, bytesPerRow: 4, pixels: pixels)
        let cells = HalfBlockEncoder.cells(for: bitmap, columns: 3, rows: 2, contentMode: .fill, background: blue)
        #expect(cells.count == 6)
        #expect(cells.allSatisfy { $0.style.foreground == blue && $0.style.background == blue })
    }

    @Test func fitCentresTheImageInItsBox() {
        let pixels = [UInt8](repeating: 255, count: 4)
        let bitmap = Bitmap(width: 1, height: 1, bytesPerRow: 4, pixels: pixels)
        let cells = HalfBlockEncoder.cells(for: bitmap, columns: 4, rows: 1, contentMode: .fit, background: black)
        // A square image in a 4 × 2-pixel box: 2 × 2 pixels in the middle two columns.
        #expect(cells.map { $0.style.foreground == black } == [true, false, false, true])
    }

    @Test func theSourceLoadsAtTheBoxSizeEncodesOnceAndSaysWhenItArrives() async throws {
        let png: Data = try #require(OneImageLoader.twoBands(width: 64, height: 64))
        let loader = OneImageLoader(png: png)
        let source = PipelineImageSource(pipeline: ImagePipeline(configuration: .memoryOnly, loader: loader))
        var changes = 0
        source.onChange = { changes += 1 }
        let image = ImageData(url: "https://images.example/a.png")
        #expect(source.cells(for: image, columns: 4, rows: 2, background: black) == nil, "a placeholder while it loads")
        #expect(source.isLoading)
        await source.waitForLoads(within: .seconds(30))
        #expect(changes == 1)
        let cells = try #require(source.cells(for: image, columns: 4, rows: 2, background: black))
        #expect(cells.count == 8)
        #expect(cells[0].style.foreground == red && cells[7].style.background == blue)
        #expect(source.cells(for: image, columns: 4, rows: 2, background: black) == cells)
        #expect(loader.requests.withLock { $0 } == 1)
    }

    @Test func aFailedImageKeepsItsPlaceholder() async {
        let source = PipelineImageSource(pipeline: ImagePipeline(configuration: .memoryOnly, loader: OneImageLoader(png: nil)))
        let image = ImageData(url: "https://images.example/missing.png")
        #expect(source.cells(for: image, columns: 4, rows: 2, background: black) == nil)
        await source.waitForLoads(within: .seconds(30))
        #expect(source.cells(for: image, columns: 4, rows: 2, background: black) == nil)
        #expect(!source.isLoading)
        #expect(source.cells(for: ImageData(url: "file:///etc/passwd"), columns: 4, rows: 2, background: black) == nil)
        #expect(!source.isLoading, "only http(s) URLs are fetched")
    }

    @Test func aPlaceholderReservesTheImagesSizeInItsColour() throws {
        let page = try TestPages.page(TestPages.json(sections: ##"{"widgets": [{"type": "banner", "data": {"image": {"url": "https://x/b.jpg", "aspect_ratio": 4, "placeholder_color": "#336699", "alt": "Sale"}}}]}"##))
        let frame = TestPages.render(.showing(page), width: 16, height: 4, plain: false)
        let placeholder = TerminalColor(red: 0x33, green: 0x66, blue: 0x99)
        #expect((0..<16).allSatisfy { x in (0..<2).allSatisfy { frame.buffer[x, $0].style.background == placeholder } })
        #expect(frame.buffer[0, 2].style.background == nil, "a 4:1 image 16 columns wide reserves 2 rows")
        #expect(frame.buffer.plainLines[0].contains("Sale"))
    }

    /// A placeholder cut by the screen's edge (the next card of a carousel) labels the part
    /// that shows: centred in the whole box, the label of a failed image would be off screen,
    /// leaving an empty box.
    @Test func aPlaceholderCutByTheScreensEdgeLabelsThePartThatShows() throws {
        let card = { (id: String, alt: String) in
            #"{"type": "banner", "id": "\#(id)", "layout": {"width": 0.8}, "data": {"image": {"url": "https://x/\#(id).jpg", "aspect_ratio": 4, "alt": "\#(alt)"}}}"#
        }
        let page = try TestPages.page(TestPages.json(sections: #"{"layout": {"arrangement": "carousel", "item_spacing": 8}, "widgets": [\#(card("a", "First")), \#(card("b", "Boots"))]}"#))
        let frame = TestPages.render(.showing(page), width: 40, height: 4, plain: false)
        #expect(frame.buffer.plainLines.contains { $0.contains("First") })
        // The second card shows its first 7 columns: its label is cut into them.
        #expect(frame.buffer.plainLines.contains { $0.contains("Boo") }, "\(frame.buffer.plainLines)")
    }
}
