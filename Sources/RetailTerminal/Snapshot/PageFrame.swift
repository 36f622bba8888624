import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import ImagePipeline
import RetailKit
import RetailPresentation

/// One frame of a page document as the terminal app draws it, as lines of text: what
/// `vitrine render` prints and `catalogue preview` shows. A `{"sheet": …}` document is drawn
/// presented over an empty page.
public struct PageFrame: Sendable, Equatable {
    /// The frame's columns.
    public var width: Int
    /// The frame's rows.
    public var height: Int
    /// Rows scrolled down from the top of the page.
    public var scroll = 0
    /// The language the app's own words are in (`en-US`, `de-DE`, `fr-FR`).
    public var locale = "en-US"
    /// Unknown and malformed widgets show as labelled placeholders instead of being left out.
    public var showsFaults = false
    /// The rows of the screen the page is laid out for, when the frame is taller than one
    /// screen (a preview of the whole page); nil: the frame's own.
    public var screenRows: Int?

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The frame's lines for `document`: styled for `profile` (plain text when it allows no
    /// escapes). With `images`, the page's pictures are drawn once loaded, waiting at most
    /// `imageWait` for them.
    @MainActor
    public func lines(
        of document: Data, profile: TerminalProfile, images: PipelineImageSource? = nil, imageWait: Duration = .seconds(10),
        now: Date = Date(), client: ClientContext = VitrineApp.clientContext
    ) async throws(PageDecodingError) -> [String] {
        let policy: UnknownWidgetPolicy<any TerminalWidget> = showsFaults ? .placeholder : .skip
        let registry = RetailViews.makeRegistry(unknownWidgetPolicy: policy)
        let decoder = PageDecoder(catalog: registry.catalog, makeRequestID: { "render" })
        var state: PageScreenContent
        do {
            let page = try decoder.decodePage(document).page
            state = .showing(page)
        } catch let pageError {
            guard case .missingRoot = pageError, let sheet = try? decoder.decodeSheet(document).sheet else { throw pageError }
            let empty = try decoder.decodePage(Data(#"{"page": {"id": "sheet-host"}}"#.utf8)).page
            state = .showing(empty)
            state.sheets = [sheet]
        }
        var environment = RenderEnvironment(
            isPlain: !profile.allowsEscapes, images: images,
            evaluation: EvaluationContext(client: client, now: now), registry: registry)
            .speaking(AppLocale(identifier: locale))
        // The body's rows on that screen: its rows less the bars' (the nav bar and its rule,
        // the search bar's row and the status line).
        environment.viewportRows = screenRows.map { max(1, $0 - 4) }
        let renderer = PageRenderer(environment: environment)
        var frame = renderer.render(state, scroll: scroll, width: width, height: height)
        if let images, images.isLoading {
            await images.waitForLoads(within: imageWait)
            frame = renderer.render(state, scroll: scroll, width: width, height: height)
        }
        return profile.allowsEscapes ? frame.buffer.styledLines(depth: profile.colorDepth) : frame.buffer.plainLines
    }
}
