import FlowCore

/// The errors between files: ids declared twice, references to what does not exist (a
/// campaign placed in an unknown placement, a plan naming one, a query naming an unknown
/// category or product), segments without a plan, and the bounds the server keys its page
/// cache by. Any one refuses the catalogue.
struct CatalogueValidator {
    let catalogue: Catalogue
    let sources: CatalogueSources
    private var found: [CatalogueProblem] = []

    init(catalogue: Catalogue, sources: CatalogueSources) {
        self.catalogue = catalogue
        self.sources = sources
    }

    func problems() -> [CatalogueProblem] {
        var validator = self
        validator.checkIDs()
        validator.checkProducts()
        validator.checkCampaigns()
        validator.checkPlacements()
        validator.checkPlans()
        validator.checkExperiments()
        validator.checkBounds()
        return validator.found
    }

    private mutating func error(_ message: String, file: String, at path: [CodingPath.Component]) {
        found.append(CatalogueProblem(file: file, line: sources.line(file, path), severity: .error, message: message))
    }

    private static func quoted(_ text: String) -> String { CatalogueFileReader.quoted(text) }

    /// The most products a catalogue holds: every page and search index is built from them in
    /// memory, at each reload.
    static let maxProducts = 200_000

    private mutating func checkIDs() {
        let content = catalogue.content
        let lists: [(file: String, member: String, ids: [String])] = [
            ("categories.json", "categories", content.categories.map(\.id)),
            ("stories.json", "stories", content.stories.map(\.id)),
            ("promotions.json", "promotions", content.promotions.map(\.id)),
            ("placements.json", "placements", content.placements.map(\.id)),
            ("plans.json", "plans", content.plans.map(\.id)),
            ("plans.json", "experiments", content.experiments.map(\.id)),
        ]
        for list in lists {
            var seen = Set<ExactString>()
            let elements = sources.documents[list.file]?[list.member]?.arrayValue ?? []
            for (index, element) in elements.enumerated() {
                guard let id = element["id"]?.stringValue, list.ids.contains(where: { $0.isByteEqual(to: id) }) else { continue }
                if !seen.insert(ExactString(id)).inserted {
                    error("\(Self.quoted(id)) is declared twice in \(list.member)", file: list.file, at: [.key(list.member), .index(index), .key("id")])
                }
            }
        }
        var campaigns = Set<ExactString>()
        for file in sources.campaignFiles {
            guard let id = sources.documents[file]?["id"]?.stringValue, CatalogueFileReader.isID(id) else { continue }
            if !campaigns.insert(ExactString(id)).inserted {
                error("campaign \(Self.quoted(id)) is declared again (first in \(sources.file(ofCampaign: id)))", file: file, at: [.key("id")])
            }
        }
    }

    /// Product ids are unique over every file of the feed (a cart line names one product),
    /// each product's category exists, and a variant group's products share one category.
    private mutating func checkProducts() {
        var location: [ExactString: (file: String, index: Int)] = [:]
        for file in sources.productFiles {
            let elements = sources.documents[file]?["products"]?.arrayValue ?? []
            for (index, element) in elements.enumerated() {
                guard let id = element["id"]?.stringValue, CatalogueFileReader.isID(id) else { continue }
                if let first = location[ExactString(id)] {
                    error("product \(Self.quoted(id)) is declared again (first in \(first.file)): a cart line names one product",
                          file: file, at: [.key("products"), .index(index), .key("id")])
                } else {
                    location[ExactString(id)] = (file, index)
                }
            }
        }
        var groups: [ExactString: (category: String, product: String)] = [:]
        for product in catalogue.products {
            guard let place = location[ExactString(product.id)] else { continue }
            let path: [CodingPath.Component] = [.key("products"), .index(place.index)]
            if catalogue.category(product.categoryID) == nil {
                error("category \(Self.quoted(product.categoryID)) does not exist in categories.json", file: place.file, at: path + [.key("category")])
            }
            guard let group = product.variant?.group else { continue }
            if let first = groups[ExactString(group)] {
                if !first.category.isByteEqual(to: product.categoryID) {
                    error("variant group \(Self.quoted(group)) is in category \(Self.quoted(first.category)) (\(first.product)); "
                          + "a product's variants are of its category", file: place.file, at: path + [.key("variant"), .key("group")])
                }
            } else {
                groups[ExactString(group)] = (product.categoryID, product.id)
            }
        }
    }

    private mutating func checkCampaigns() {
        for campaign in catalogue.content.campaigns {
            let file = sources.file(ofCampaign: campaign.id)
            for (index, name) in campaign.placements.enumerated() {
                guard let placement = catalogue.placement(name) else {
                    error("placement \(Self.quoted(name)) does not exist in placements.json", file: file, at: [.key("placements"), .index(index)])
                    continue
                }
                if !placement.isFilledByCampaigns {
                    error("placement \(Self.quoted(name)) is a \(placement.kindName) placement, which campaigns do not fill",
                          file: file, at: [.key("placements"), .index(index)])
                }
            }
            checkQuery(campaign.products, file: file, at: [.key("products")])
        }
    }

    private mutating func checkPlacements() {
        for placement in catalogue.placements {
            guard case .products(_, _, let query) = placement.content else { continue }
            checkQuery(query, file: "placements.json",
                       at: sources.path(of: placement.id, in: "placements", file: "placements.json") + [.key("products")])
        }
    }

    /// The categories and products a query names exist.
    private mutating func checkQuery(_ query: ProductQuery, file: String, at path: [CodingPath.Component]) {
        for (index, id) in query.categories.enumerated() where catalogue.category(id) == nil {
            error("category \(Self.quoted(id)) does not exist in categories.json", file: file, at: path + [.key("categories"), .index(index)])
        }
        for (index, id) in query.ids.enumerated() where catalogue.product(id) == nil {
            error("product \(Self.quoted(id)) does not exist (the products are \(catalogue.products.first?.id ?? "none")…"
                  + "\(catalogue.products.last?.id ?? ""))", file: file, at: path + [.key("ids"), .index(index)])
        }
    }

    private mutating func checkPlans() {
        for plan in catalogue.plans {
            let path = sources.path(of: plan.id, in: "plans", file: "plans.json")
            checkEntries(plan.sections, at: path + [.key("sections")])
        }
        for segment in Segment.allCases {
            let plans = catalogue.plans.filter { $0.segments.contains(segment) }
            if plans.isEmpty {
                error("no plan is for the segment '\(segment.rawValue)': its shoppers would get an empty home page", file: "plans.json", at: [.key("plans")])
            } else if plans.count > 1 {
                error("plans \(plans.map { Self.quoted($0.id) }.joined(separator: " and ")) are both for the segment '\(segment.rawValue)'",
                      file: "plans.json", at: sources.path(of: plans[1].id, in: "plans", file: "plans.json") + [.key("segments")])
            }
        }
    }

    private mutating func checkEntries(_ entries: [PlanEntry], at path: [CodingPath.Component]) {
        for (index, entry) in entries.enumerated() {
            guard let placement = catalogue.placement(entry.placement) else {
                error("placement \(Self.quoted(entry.placement)) does not exist in placements.json", file: "plans.json", at: path + [.index(index)])
                continue
            }
            if entry.rank > 0, placement.kindName != "campaign_products" {
                error("a rank is for campaign_products placements; \(Self.quoted(entry.placement)) is a \(placement.kindName) placement",
                      file: "plans.json", at: path + [.index(index)])
            }
        }
    }

    private mutating func checkExperiments() {
        for experiment in catalogue.experiments {
            let path = sources.path(of: experiment.id, in: "experiments", file: "plans.json")
            for (index, name) in experiment.placements.enumerated() where catalogue.placement(name) == nil {
                error("placement \(Self.quoted(name)) does not exist in placements.json", file: "plans.json", at: path + [.key("placements"), .index(index)])
            }
            var variants = Set<ExactString>()
            for (index, variant) in experiment.variants.enumerated() {
                if !variants.insert(ExactString(variant.id)).inserted {
                    error("variant \(Self.quoted(variant.id)) is declared twice", file: "plans.json", at: path + [.key("variants"), .index(index), .key("id")])
                }
                if let sections = variant.sections { checkEntries(sections, at: path + [.key("variants"), .index(index), .key("sections")]) }
            }
            if experiment.variants.count > 255 {
                error("\(experiment.variants.count) variants; an experiment has at most 255", file: "plans.json", at: path + [.key("variants")])
            }
        }
        for segment in Segment.allCases {
            let ordering = catalogue.experiments.filter { $0.applies(to: segment) && $0.variants.contains { $0.campaignOrder != nil } }
            let rearranging = catalogue.experiments.filter { $0.applies(to: segment) && $0.variants.contains { $0.sections != nil } }
            for (list, what) in [(ordering, "the campaign order"), (rearranging, "the sections")] where list.count > 1 {
                error("experiments \(list.map { Self.quoted($0.id) }.joined(separator: " and ")) both change \(what) for '\(segment.rawValue)'",
                      file: "plans.json", at: sources.path(of: list[1].id, in: "experiments", file: "plans.json"))
            }
        }
    }

    private mutating func checkBounds() {
        if catalogue.experiments.count > ExperimentChoice.capacity {
            error("\(catalogue.experiments.count) experiments; a catalogue runs at most \(ExperimentChoice.capacity)",
                  file: "plans.json", at: [.key("experiments")])
        }
        let requirements = Set(catalogue.campaigns.compactMap(\.requires) + catalogue.placements.compactMap(\.requires))
        if requirements.count > RequirementTable.capacity {
            error("\(requirements.count) different requires; a catalogue has at most \(RequirementTable.capacity)", file: "placements.json", at: [])
        }
        if catalogue.products.count > Self.maxProducts {
            error("the feed lists \(catalogue.products.count) products; a catalogue holds at most \(Self.maxProducts)",
                  file: sources.productFiles.first ?? CatalogueDirectory.productsFile, at: [.key("products")])
        }
    }
}
