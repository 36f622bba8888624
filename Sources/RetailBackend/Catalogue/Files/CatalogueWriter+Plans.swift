import FlowCore

/// `placements.json` and `plans.json`.
extension CatalogueWriter {
    static func placement(_ placement: Placement) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(placement.id)), ("kind", .string(placement.kindName))]
        if let section = placement.section { members.append(("section", .string(section))) }
        if let requires = placement.requires { members.append(("requires", requires.json)) }
        switch placement.content {
        case .hero:
            break
        case .campaignCarousel(let title), .stories(let title), .promotions(let title):
            members.append(("title", localized(title)))
        case .campaignProducts(let shape):
            members.append(("title", localized(shape.title)))
            if let subtitle = shape.subtitle { members.append(("subtitle", localized(subtitle))) }
            members.append(("lead_card", .bool(shape.leadCard)))
            members.append(("limit", .integer(shape.limit)))
        case .categories(let title, let columns):
            members.append(("title", localized(title)))
            members.append(("columns", .integer(columns)))
        case .products(let title, let subtitle, let query):
            members.append(("title", localized(title)))
            if let subtitle { members.append(("subtitle", localized(subtitle))) }
            members.append(("products", self.query(query)))
        }
        return .members(members)
    }

    static func plan(_ plan: PagePlan) -> JSONValue {
        .members([
            ("id", .string(plan.id)),
            ("segments", .array(plan.segments.map { .string($0.rawValue) })),
            ("sections", entries(plan.sections)),
        ])
    }

    static func experiment(_ experiment: Experiment) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(experiment.id))]
        if !experiment.segments.isEmpty { members.append(("segments", .array(experiment.segments.map { .string($0.rawValue) }))) }
        members.append(("placements", .array(experiment.placements.map(JSONValue.string))))
        members.append(("variants", .array(experiment.variants.map { variant in
            var members: [(String, JSONValue)] = [("id", .string(variant.id)), ("weight", .integer(variant.weight))]
            if let order = variant.campaignOrder { members.append(("campaign_order", .string(order.rawValue))) }
            if let sections = variant.sections { members.append(("sections", entries(sections))) }
            return .members(members)
        })))
        return .members(members)
    }

    /// `"hero"`, or `{"placement": "picks", "rank": 1}` past the first.
    static func entries(_ entries: [PlanEntry]) -> JSONValue {
        .array(entries.map { entry in
            entry.rank == 0 ? .string(entry.placement) : ["placement": .string(entry.placement), "rank": .integer(entry.rank)]
        })
    }
}
