import FlowCore
import Foundation

/// What `vitrine catalogue` does with a catalogue directory: check it, write the demo out as
/// one, print its timeline.
public enum CatalogueTools {
    /// A checked catalogue: its problems in file and line order, and a summary when it loads.
    public struct Check: Sendable {
        public var problems: [CatalogueProblem]
        public var files: [String]
        /// "11 campaigns, 12 categories, …", when the catalogue loads.
        public var summary: String?
    }

    /// Every problem of the catalogue in `directory`: errors (it would not load) and warnings;
    /// with `previous` (the catalogue that serves now, or the last one published), a warning for
    /// each of its products this one no longer lists, which carts may hold.
    public static func check(_ directory: URL, previous: URL? = nil) -> Check {
        let load = CatalogueLoader.load(CatalogueDirectory(url: directory), lint: true)
        var problems = load.problems
        if let previous, let content = load.content {
            let before = CatalogueLoader.load(CatalogueDirectory(url: previous), lint: false)
            if let old = before.content {
                problems += CatalogueLint.departedProducts(from: old.products, in: Catalogue(content: content))
            } else {
                problems.append(CatalogueProblem(file: "", line: nil, severity: .error,
                                                 message: "the previous catalogue \(previous.path) does not load, so what left it cannot be told"))
            }
        }
        let summary = load.content.map { content in
            let catalogue = Catalogue(content: content)
            func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
            return [
                count(catalogue.campaigns.count, "campaign", "campaigns"), count(content.categories.count, "category", "categories"),
                count(catalogue.products.count, "product", "products"),
                count(content.stories.count, "story", "stories"), count(content.promotions.count, "promotion", "promotions"),
                count(content.placements.count, "placement", "placements"), count(content.plans.count, "plan", "plans"),
                count(content.experiments.count, "experiment", "experiments"),
            ].joined(separator: ", ")
        }
        return Check(problems: CatalogueProblem.ordered(problems), files: load.files, summary: summary)
    }

    /// The most products a catalogue holds.
    public static let maxProducts = CatalogueValidator.maxProducts

    /// Gives a catalogue of the earlier layout its product feed (`CatalogueUpgrade`); the files
    /// written, relative to `directory`.
    public static func upgrade(_ directory: URL) throws -> [String] {
        try CatalogueUpgrade.run(directory)
    }

    /// Why an export did not write.
    public struct ExportError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes the built-in demo catalogue, its windows moved to `anchor` (`DemoCatalogue`), into
    /// `directory` (made when missing), with `extraCampaigns` generated ones and, when
    /// `products` is given, a feed of that many (`ProductGenerator`) for load tests. Refuses a
    /// directory that holds a catalogue already, so nobody's edits are overwritten. Returns the
    /// files written, relative to it.
    @discardableResult
    public static func exportDemo(to directory: URL, anchor: Date, extraCampaigns: Int = 0, products: Int? = nil) throws -> [String] {
        let files: [(path: String, data: Data)]
        do {
            var content = try DemoCatalogue.content(anchor: anchor)
            content.campaigns += DemoCatalogue.generated(
                extraCampaigns, anchor: anchor, categories: content.categories, timeZone: content.settings.timeZone)
            if let products { content.products = ProductGenerator.products(products, from: content.products) }
            files = CatalogueWriter.files(content)
        } catch {
            throw ExportError(description: error.description)
        }
        try write(files, into: directory)
        return files.map(\.path)
    }

    /// Writes `files` into a directory that holds no catalogue yet.
    private static func write(_ files: [(path: String, data: Data)], into directory: URL) throws(ExportError) {
        let manager = FileManager.default
        let names = CatalogueDirectory.rootFiles + [CatalogueDirectory.campaignsFolder, CatalogueDirectory.productsFile, CatalogueDirectory.productsFolder]
        let existing = names.filter { manager.fileExists(atPath: directory.appendingPathComponent($0).path) }
        guard existing.isEmpty else {
            throw ExportError(description: "it holds a catalogue already (\(existing.joined(separator: ", "))); export into a new directory")
        }
        do {
            for folder in Set(files.compactMap { $0.path.split(separator: "/").dropLast().first.map(String.init) }) {
                try manager.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            try manager.createDirectory(at: directory.appendingPathComponent(CatalogueDirectory.campaignsFolder), withIntermediateDirectories: true)
            for file in files {
                try file.data.write(to: directory.appendingPathComponent(file.path), options: .atomic)
            }
        } catch {
            throw ExportError(description: error.localizedDescription)
        }
    }

    /// The timeline of the catalogue in `directory` (`CatalogueTimeline`), or why it does not
    /// load.
    /// Why a timeline cannot be laid out: the catalogue does not load, or its start names no
    /// instant of the catalogue's zone.
    public enum TimelineError: Error, Sendable, CustomStringConvertible {
        case catalogue(CatalogueLoadError)
        case start(String)

        public var description: String {
            switch self {
            case .catalogue(let error): error.description
            case .start(let message): message
            }
        }
    }

    public static func timeline(
        _ directory: URL, from start: TimelineStart, days: Int, segment: Segment?, locale: StoreLocale?
    ) -> Result<[String], TimelineError> {
        let load = CatalogueLoader.load(CatalogueDirectory(url: directory), lint: false)
        guard let content = load.content else { return .failure(.catalogue(CatalogueLoadError(directory: directory.path, problems: load.errors))) }
        let catalogue = Catalogue(content: content)
        let zone = TimeZone(identifier: catalogue.settings.timeZone) ?? TimeZone(secondsFromGMT: 0)!
        guard let instant = start.instant(in: zone) else {
            return .failure(.start("--from \(start) does not exist in \(catalogue.settings.timeZone) (its clocks skip it): give a day, or the instant with its offset"))
        }
        let timeline = CatalogueTimeline(catalogue: catalogue, segment: segment, locale: locale)
        return .success(timeline.lines(from: instant, days: days))
    }
}

/// Where a timeline starts: an instant, or a day or a wall-clock time of the catalogue's own
/// zone (`2027-01-14`, `2027-01-14T09:00`), as a merchandiser thinks of their calendar.
public enum TimelineStart: Sendable, Hashable, CustomStringConvertible {
    case instant(Date)
    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]`, read in the catalogue's zone.
    case local(String)

    /// `text` as an instant with its offset, a day, or a local time; nil when it is none.
    public init?(_ text: String) {
        if let instant = RFC3339.date(from: text) {
            self = .instant(instant)
        } else if LocalTime(text) != nil || LocalTime(text + "T00:00") != nil {
            self = .local(text)
        } else {
            return nil
        }
    }

    /// The instant in `zone`: a day's first instant (whatever its clocks show then), a local
    /// time's instant (the first when the clocks pass it twice); nil for a time they skip.
    func instant(in zone: TimeZone) -> Date? {
        switch self {
        case .instant(let instant): return instant
        case .local(let text):
            if let time = LocalTime(text) { return time.instants(in: zone).first }
            guard let noon = LocalTime(text + "T12:00")?.instants(in: zone).first else { return nil }
            return LocalDay(containing: noon, in: zone).start
        }
    }

    public var description: String {
        switch self {
        case .instant(let instant): RFC3339.string(from: instant)
        case .local(let text): text
        }
    }
}
