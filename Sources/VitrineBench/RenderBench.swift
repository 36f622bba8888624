import CommandLineSupport
import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import PageGenerator
import RetailBackend
import RetailKit
import RetailTerminal
import RetailContract

/// `vitrine bench render [--rounds N]`: the terminal renderer's three figures, each against a
/// baseline in the same process.
///
/// - `frame_scaling_ratio`: laying out and painting one 80 × 40 frame (a fresh renderer, so
///   nothing is cached) of `PageGenerator`'s 4,000-widget page against its first two sections
///   (40 widgets). Layout is lazy, so the ratio stays near 1 (the bar is 1.5).
/// - `scroll_bytes_ratio`: the bytes the writer sends to scroll the backend's home page down
///   one row against a full redraw of the same screen (the bar is 0.2). Every image is drawn
///   as loaded (synthetic half-block cells), the costly case.
/// - `idle_frame_bytes`: the bytes for a frame with nothing changed (must be 0).
@MainActor
enum RenderBench {
    static let size = (width: 80, height: 40)

    static func run(_ arguments: [String], console: Console) async -> Int32 {
        let syntax = OptionParser<Int>(
            command: "vitrine bench render", options: [.number("--rounds", in: 1...100_000) { $0 = $1 }],
            forms: [[[.optional("--rounds")]]])
        var status: Int32 = 0
        guard let rounds = BenchOptions.parse(arguments, into: 60, with: syntax, console: console, status: &status) else { return status }
        let registry = RetailViews.makeRegistry(unknownWidgetPolicy: .skip)
        let decoder = PageDecoder(catalog: registry.catalog)
        // The same seed gives the same first sections: the small page is the large one's start.
        guard let largePage = try? decoder.decodePage(document: PageGenerator(sections: 200, widgetsPerSection: 20).document()).page,
            let smallPage = try? decoder.decodePage(document: PageGenerator(sections: 2, widgetsPerSection: 20).document()).page
        else {
            console.err("vitrine bench render: the benchmark pages could not be decoded")
            return 1
        }
        let widgets = { (page: PageModel) in page.sections.reduce(0) { $0 + $1.widgets.count } }
        let environment = RenderEnvironment(
            evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: registry)
        func frame(_ page: PageModel) {
            let renderer = PageRenderer(environment: environment)
            _ = renderer.render(.showing(page), width: size.width, height: size.height)
        }
        let (baseline, candidate) = BenchSupport.interleavedMedians(
            iterations: rounds, warmups: 5, baseline: { frame(smallPage) }, candidate: { frame(largePage) })

        guard let home = try? homePage(decoder: decoder) else {
            console.err("vitrine bench render: the backend's home page could not be composed")
            return 1
        }
        var withImages = environment
        withImages.images = SyntheticImageSource()
        let renderer = PageRenderer(environment: withImages)
        var writer = TerminalWriter(colorDepth: .truecolor, usesSynchronizedOutput: true)
        let first = renderer.render(.showing(home), width: size.width, height: size.height)
        let full = writer.encode(first.frame(previousScroll: nil))
        let idle = writer.encode(first.frame(previousScroll: first.scroll))
        let scrolled = renderer.render(.showing(home), scroll: 1, width: size.width, height: size.height)
        let scroll = writer.encode(scrolled.frame(previousScroll: first.scroll))

        console.out("frame_40_widgets_ms = \(String(format: "%.3f", baseline * 1000)) (\(widgets(smallPage)) widgets)")
        console.out("frame_4000_widgets_ms = \(String(format: "%.3f", candidate * 1000)) (\(widgets(largePage)) widgets)")
        console.out("frame_scaling_ratio = \(String(format: "%.3f", candidate / max(baseline, 1e-12)))")
        console.out("full_redraw_bytes = \(full.count)")
        console.out("scroll_one_row_bytes = \(scroll.count)")
        console.out("scroll_bytes_ratio = \(String(format: "%.4f", Double(scroll.count) / Double(max(1, full.count))))")
        console.out("idle_frame_bytes = \(idle.count)")
        return 0
    }

    /// The embedded backend's home page for this app, en-US, a returning customer.
    static func homePage(decoder: PageDecoder) throws -> PageModel {
        let backend = try HomeBackend(configuration: .init())
        let prefix = "\(RetailRoutes.home)?locale=en-US&appVersion=\(VitrineApp.version)&userSegment=returning&capabilities=&"
        guard let variant = backend.pageVariants().first(where: { $0.request.hasPrefix(prefix) }) else {
            throw BenchError.noHomePage(prefix)
        }
        return try decoder.decodePage(variant.body).page
    }
}

/// Every image as if it had loaded: a smooth pattern of half-block cells of full colour, so the
/// bytes are those of real images (each cell its own two colours).
@MainActor
final class SyntheticImageSource: TerminalImageSource {
    func cells(for image: ImageData, columns: Int, rows: Int, background: TerminalColor) -> [Cell]? {
        let seed = image.url.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFF }
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                func color(_ y: Int) -> TerminalColor {
                    TerminalColor(red: UInt8((column * 3 + seed) & 0xFF), green: UInt8((y * 7 + seed / 2) & 0xFF), blue: UInt8((column + y + seed) & 0xFF))
                }
                cells.append(Cell(grapheme: "▀", width: 1, style: CellStyle(foreground: color(row * 2), background: color(row * 2 + 1))))
            }
        }
        return cells
    }
}
