import FlowCore
import Foundation

/// Decoding that runs off the main actor: `@concurrent` functions always leave the caller's
/// actor, so a 4,000-widget page never blocks a frame. `PageDecoder` and `PageModel` are
/// `Sendable` values, so the work gets copies and hands back values.
enum OffMainDecoding {
    @concurrent
    static func decodePage(_ data: Data, decoder: PageDecoder) async throws(PageDecodingError) -> DecodedPage {
        try decoder.decodePage(data)
    }

    /// Merges a next page into a copy of `page`; the store installs the copy only if the
    /// page did not change meanwhile.
    @concurrent
    static func appendNextPage(_ data: Data, to page: PageModel, decoder: PageDecoder) async throws(PageDecodingError)
        -> (page: PageModel, merge: NextPageMerge)
    {
        var merged = page
        let merge = try decoder.mergeNextPage(data, into: &merged)
        return (merged, merge)
    }

    @concurrent
    static func decodeActionResponse(_ data: Data, decoder: PageDecoder) async throws(PageDecodingError) -> ActionResponse {
        try decoder.decodeActionResponse(data)
    }
}
