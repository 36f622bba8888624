import FlowCore
import Foundation

/// The built-in demo catalogue: the directory `Sources/RetailBackend/DemoCatalogue/` of the
/// repository, a catalogue like any other (`vitrine catalogue check` passes it), copied into
/// the build as a resource. It is what `vitrine serve` composes from without `--catalogue`, and
/// what `vitrine catalogue export` writes out for a person to start from.
///
/// Its files are written at `fileAnchor`; the backend moves every window by the distance from
/// there to its own anchor (its start, by default), so that "one ends soon, one is over, one
/// has not started" holds whenever it starts. An export at `fileAnchor` writes the repository's
/// files byte for byte (a test keeps them so).
enum DemoCatalogue {
    /// The instant the repository's files are written at: 2027-01-15T09:00:00+01:00.
    static let fileAnchor = Date(timeIntervalSince1970: 1_800_000_000)
    /// The name of the resource directory.
    static let resourceName = "DemoCatalogue"

    /// The repository's files, read once per process (they cannot change under a build).
    private static let bundled: Result<CatalogueContent, CatalogueLoadError> = {
        guard let url = Bundle.module.url(forResource: resourceName, withExtension: nil) else {
            return .failure(CatalogueLoadError(directory: resourceName, problems: [
                CatalogueProblem(file: "", line: nil, severity: .error, message: "the demo catalogue is missing from the build's resources"),
            ]))
        }
        let load = CatalogueLoader.load(CatalogueDirectory(url: url), lint: false)
        guard let content = load.content else { return .failure(CatalogueLoadError(directory: url.path, problems: load.errors)) }
        return .success(content)
    }()

    /// The demo catalogue with its windows moved from `fileAnchor` to `anchor`. Throws only
    /// when the build's copy of the files does not load (a defect the tests catch).
    static func content(anchor: Date) throws(CatalogueLoadError) -> CatalogueContent {
        try bundled.get().shifted(by: anchor.timeIntervalSince(fileAnchor))
    }
}

extension DemoCatalogue {
    /// `count` campaigns for load tests (`vitrine catalogue export --campaigns`, the
    /// 1,000-campaign catalogue of `vitrine bench serve`): a week each, one starting every
    /// 8 hours from 180 days before the anchor, so about 21 are live at any instant, each
    /// featuring one of `categories`' products.
    static func generated(_ count: Int, anchor: Date, categories: [Category], timeZone: String) -> [Campaign] {
        guard !categories.isEmpty else { return [] }
        return (0..<max(0, count)).map { index in
            let id = "cmp-gen-" + String(format: "%04d", index)
            let start = anchor.addingTimeInterval(Double(index * 8 - 180 * 24) * 3600)
            let category = categories[index % categories.count]
            let title = Localized("Week \(index): \(category.name.en)", "Woche \(index): \(category.name.de)", "Semaine \(index) : \(category.name.fr)")
            return Campaign(
                id: id, title: title, subtitle: category.name, cta: Localized("Shop", "Shoppen", "Découvrir"),
                heroImage: "\(id).jpg", cardImage: "\(id).jpg",
                window: CatalogueWindow(start: start, end: start.addingTimeInterval(7 * 86_400), timeZone: timeZone),
                segments: [], locales: [], requires: nil, priority: index % 7,
                placements: ["hero", "campaigns", "picks"],
                products: ProductQuery(categories: [category.id], sort: [.discount, .rating]))
        }
    }
}
