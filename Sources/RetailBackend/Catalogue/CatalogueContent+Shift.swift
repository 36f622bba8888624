import Foundation

extension CatalogueContent {
    /// The same catalogue with every window moved by `interval` seconds (the built-in demo,
    /// written at one instant and served from another). Zones and open sides stay.
    func shifted(by interval: TimeInterval) -> CatalogueContent {
        guard interval != 0 else { return self }
        var content = self
        for index in content.campaigns.indices { content.campaigns[index].window = campaigns[index].window.shifted(by: interval) }
        for index in content.stories.indices { content.stories[index].window = stories[index].window.shifted(by: interval) }
        for index in content.promotions.indices { content.promotions[index].window = promotions[index].window.shifted(by: interval) }
        return content
    }
}

extension CatalogueWindow {
    func shifted(by interval: TimeInterval) -> CatalogueWindow {
        CatalogueWindow(start: start?.addingTimeInterval(interval), end: end?.addingTimeInterval(interval), timeZone: timeZone)
    }
}
