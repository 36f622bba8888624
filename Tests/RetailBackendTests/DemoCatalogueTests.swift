import FlowCore
import Foundation
import Testing
@testable import RetailBackend

/// The built-in demo catalogue is the repository's directory of files, moved to the backend's
/// anchor: served from the files or built in, the pages are the same.
@Suite struct DemoCatalogueTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/RetailBackend/DemoCatalogue")

    /// Request ids differ by backend; everything else must not.
    static func comparable(_ body: Data) -> String {
        String(decoding: body, as: UTF8.self).replacing(/"request_id":"req-[0-9a-f]+-[0-9]+"/, with: "\"request_id\":\"…\"")
    }

    @Test func theRepositorysFilesComposeTheSamePagesAsTheBuiltInCatalogue() throws {
        let clock = TestClock()
        let builtIn = try makeBackend(clock: clock) { $0.anchor = DemoCatalogue.fileAnchor }
        let files = try makeBackend(clock: clock) { configuration in
            configuration.catalogue = .directory(Self.repository)
            configuration.catalogue.pollInterval = nil
        }
        #expect(TestClock.anchor == DemoCatalogue.fileAnchor)
        for hours in [-200.0, 5] {
            clock.set(hoursAfterAnchor: hours)
            let expected = builtIn.pageVariants(allProductLocales: true)
            let served = files.pageVariants(allProductLocales: true)
            #expect(expected.count == served.count)
            #expect(expected.count > 500)
            for (left, right) in zip(expected, served) {
                #expect(left.request == right.request)
                #expect(Self.comparable(left.body) == Self.comparable(right.body), "\(left.request) at \(hours) h")
            }
        }
    }

    @Test func theBuiltInWindowsMoveWithTheAnchor() throws {
        let atFiles = try DemoCatalogue.content(anchor: DemoCatalogue.fileAnchor)
        let later = try DemoCatalogue.content(anchor: DemoCatalogue.fileAnchor.addingTimeInterval(86_400))
        #expect(atFiles.campaigns.count == later.campaigns.count)
        for (campaign, moved) in zip(atFiles.campaigns, later.campaigns) {
            #expect(moved.window.start == campaign.window.start?.addingTimeInterval(86_400))
            #expect(moved.window.end == campaign.window.end?.addingTimeInterval(86_400))
            #expect(moved.window.timeZone == campaign.window.timeZone)
        }
        let openStory = try #require(atFiles.stories.first { $0.window.start == nil })
        #expect(later.stories.first { $0.id == openStory.id }?.window.start == nil, "an open side stays open")
        var unmoved = later
        unmoved.campaigns = atFiles.campaigns
        unmoved.stories = atFiles.stories
        unmoved.promotions = atFiles.promotions
        #expect(unmoved == atFiles, "only windows move")
    }

    @Test func theFilesReadBackAsTheyAreWritten() throws {
        let content = try DemoCatalogue.content(anchor: DemoCatalogue.fileAnchor)
        for file in CatalogueWriter.files(content) {
            let kept = try Data(contentsOf: Self.repository.appendingPathComponent(file.path))
            #expect(kept == file.data, "\(file.path)")
        }
    }
}
