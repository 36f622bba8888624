import FlowCore
import Foundation

/// What reading a catalogue directory gave: the catalogue when it loads whole, and every
/// problem found on the way, each at its file and line.
public struct CatalogueLoad: Sendable {
    /// `nil` when any problem is an error.
    var content: CatalogueContent?
    public var problems: [CatalogueProblem]
    /// The files read, relative to the directory.
    public var files: [String]

    public var errors: [CatalogueProblem] { problems.filter(\.isError) }
    public var isLoaded: Bool { content != nil }
}

/// Reads a catalogue directory whole: every file parsed, every entity read, every reference
/// checked, before anything is handed out. All or nothing: one error anywhere and there is no
/// catalogue, only the problems. `lint` adds the warnings (`CatalogueLint`), which cost a
/// pass over every pair of heroes and every query; the server's reload leaves them to
/// `vitrine catalogue check`.
enum CatalogueLoader {
    static func load(_ directory: CatalogueDirectory, lint: Bool) -> CatalogueLoad {
        // A directory that is not there is one problem, not one a file it should hold.
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            let missing = FileManager.default.fileExists(atPath: directory.url.path) ? "is not a directory" : "does not exist"
            return CatalogueLoad(content: nil, problems: [CatalogueProblem(
                file: "", line: nil, severity: .error,
                message: "\(missing): a catalogue is a directory of files (vitrine catalogue export DIR writes the demo's)")], files: [])
        }
        let (entries, layoutProblems) = directory.entries()
        var problems = layoutProblems
        var sources = CatalogueSources()
        for entry in entries {
            switch CatalogueDirectory.read(entry) {
            case .failure(let problem): problems.append(problem)
            case .success(let bytes): sources.add(entry.relative, bytes: bytes, problems: &problems)
            }
        }
        var content = read(sources, problems: &problems)
        if let candidate = content {
            let catalogue = Catalogue(content: candidate)
            problems += CatalogueValidator(catalogue: catalogue, sources: sources).problems()
            if lint { problems += CatalogueLint(catalogue: catalogue, sources: sources).problems() }
        }
        if problems.contains(where: \.isError) { content = nil }
        return CatalogueLoad(content: content, problems: CatalogueProblem.ordered(problems), files: entries.map(\.relative))
    }

    /// The entities of every file that parsed; `nil` when `catalogue.json` cannot give the
    /// settings the rest is read with.
    private static func read(_ sources: CatalogueSources, problems: inout [CatalogueProblem]) -> CatalogueContent? {
        func reader(_ file: String) -> CatalogueFileReader? {
            sources.bytes[file].map { CatalogueFileReader(file: file, bytes: $0) }
        }
        guard var store = reader("catalogue.json"), let document = sources.documents["catalogue.json"] else { return nil }
        let settings = store.settings(document)
        problems += store.report
        guard let settings else { return nil }
        var content = CatalogueContent(
            settings: settings, categories: [], products: [], campaigns: [], stories: [], promotions: [], placements: [], plans: [],
            experiments: [])
        if var file = reader("categories.json"), let document = sources.documents["categories.json"] {
            content.categories = file.categories(document, locales: settings.locales)
            problems += file.report
        }
        for name in sources.productFiles {
            guard var file = reader(name), let document = sources.documents[name] else { continue }
            content.products += file.products(document, settings: settings)
            problems += file.report
        }
        if var file = reader("stories.json"), let document = sources.documents["stories.json"] {
            content.stories = file.stories(document, settings: settings)
            problems += file.report
        }
        if var file = reader("promotions.json"), let document = sources.documents["promotions.json"] {
            content.promotions = file.promotions(document, settings: settings)
            problems += file.report
        }
        if var file = reader("placements.json"), let document = sources.documents["placements.json"] {
            content.placements = file.placements(document, settings: settings)
            problems += file.report
        }
        if var file = reader("plans.json"), let document = sources.documents["plans.json"] {
            (content.plans, content.experiments) = file.plans(document)
            problems += file.report
        }
        for name in sources.campaignFiles {
            guard var file = reader(name), let document = sources.documents[name] else { continue }
            if let campaign = file.campaign(document, settings: settings) { content.campaigns.append(campaign) }
            problems += file.report
        }
        return content
    }
}

/// The files of one load: their bytes (for lines), their parsed documents, and which file
/// holds which campaign.
struct CatalogueSources: Sendable {
    var bytes: [String: [UInt8]] = [:]
    var documents: [String: JSONValue] = [:]
    /// Campaign files, in byte order of their names.
    var campaignFiles: [String] = []
    /// The product feed's files, in the order they are read.
    var productFiles: [String] = []
    /// The file of each campaign id, the first that declares it (looked up for every problem
    /// of every campaign: a search of the files each time made a reload quadratic).
    private var campaignFileByID: [ExactString: String] = [:]

    /// Parses one file; what JSON itself refuses or only contains is an error at its line.
    mutating func add(_ file: String, bytes: [UInt8], problems: inout [CatalogueProblem]) {
        self.bytes[file] = bytes
        let isCampaign = file.utf8.starts(with: (CatalogueDirectory.campaignsFolder + "/").utf8)
        if isCampaign { campaignFiles.append(file) }
        if CatalogueDirectory.isProductFile(file) { productFiles.append(file) }
        do {
            let parsed = try JSONParser.parseReportingProblems(Data(bytes))
            for problem in parsed.problems {
                problems.append(CatalogueProblem(
                    file: file, line: JSONLocation.line(of: problem.path, in: bytes), severity: .error, message: "\(problem)"))
            }
            if parsed.problemCount > parsed.problems.count {
                problems.append(CatalogueProblem(file: file, line: nil, severity: .error,
                                                 message: "and \(parsed.problemCount - parsed.problems.count) more problems"))
            }
            documents[file] = parsed.value
            if isCampaign, let id = parsed.value["id"]?.stringValue, campaignFileByID[ExactString(id)] == nil {
                campaignFileByID[ExactString(id)] = file
            }
        } catch {
            let empty = bytes.allSatisfy { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
            problems.append(CatalogueProblem(
                file: file, line: JSONLocation.line(ofOffset: error.offset, in: bytes), severity: .error,
                message: empty ? "is empty (a file being written?)" : "is not JSON: \(error.reason)"))
        }
    }

    /// The line of `path` in `file`.
    func line(_ file: String, _ path: [CodingPath.Component]) -> Int? {
        bytes[file].map { JSONLocation.line(of: path, in: $0) }
    }

    /// The path of the element of `file`'s `member` array whose `id` is `id`.
    func path(of id: String, in member: String, file: String) -> [CodingPath.Component] {
        let list = documents[file]?[member]?.arrayValue ?? []
        let index = list.firstIndex { $0["id"]?.stringValue?.isByteEqual(to: id) == true }
        return index.map { [.key(member), .index($0)] } ?? [.key(member)]
    }

    /// The file of campaign `id` (the first that declares it).
    func file(ofCampaign id: String) -> String {
        campaignFileByID[ExactString(id)] ?? CatalogueDirectory.campaignsFolder
    }
}
