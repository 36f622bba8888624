import FlowCore

/// `plans.json`: `{"plans": [{"id", "segments", "sections"}], "experiments": [{"id", "segments",
/// "placements", "variants": [{"id", "weight", "campaign_order", "sections"}]}]}`.
extension CatalogueFileReader {
    mutating func plans(_ document: JSONValue) -> (plans: [PagePlan], experiments: [Experiment]) {
        guard let root = object(document, at: [], keys: ["plans", "experiments"]) else { return ([], []) }
        var plans: [PagePlan] = []
        for (index, element) in (required(root, "plans", at: []).flatMap { array($0, at: [.key("plans")]) } ?? []).enumerated() {
            let path: Path = [.key("plans"), .index(index)]
            guard let object = object(element, at: path, keys: ["id", "segments", "sections"]) else { continue }
            let id = required(object, "id", at: path).flatMap { self.id($0, at: path + [.key("id")]) }
            let segments = required(object, "segments", at: path).flatMap { self.segments($0, at: path + [.key("segments")]) }
            let sections = required(object, "sections", at: path).flatMap { entries($0, at: path + [.key("sections")]) }
            if let segments, segments.isEmpty { error("the plan is for no segment", at: path + [.key("segments")]) }
            guard let id, let segments, let sections else { continue }
            plans.append(PagePlan(id: id, segments: segments, sections: sections))
        }
        var experiments: [Experiment] = []
        for (index, element) in (array(root["experiments"], at: [.key("experiments")]) ?? []).enumerated() {
            let path: Path = [.key("experiments"), .index(index)]
            if let experiment = experiment(element, at: path) { experiments.append(experiment) }
        }
        return (plans, experiments)
    }

    private mutating func experiment(_ element: JSONValue, at path: Path) -> Experiment? {
        guard let object = object(element, at: path, keys: ["id", "segments", "placements", "variants"]) else { return nil }
        let id = required(object, "id", at: path).flatMap { self.id($0, at: path + [.key("id")]) }
        let segments = self.segments(object["segments"], at: path + [.key("segments")]) ?? []
        let placements = ids(object["placements"], at: path + [.key("placements")]) ?? []
        var variants: [Experiment.Variant] = []
        let list = required(object, "variants", at: path).flatMap { array($0, at: path + [.key("variants")]) } ?? []
        for (index, element) in list.enumerated() {
            let variantPath = path + [.key("variants"), .index(index)]
            guard let variant = self.object(element, at: variantPath, keys: ["id", "weight", "campaign_order", "sections"]) else { continue }
            let variantID = required(variant, "id", at: variantPath).flatMap { self.id($0, at: variantPath + [.key("id")]) }
            let weight = integer(variant["weight"], at: variantPath + [.key("weight")], in: 0...1_000_000) ?? 1
            var order: Experiment.CampaignOrder?
            if let text = string(variant["campaign_order"], at: variantPath + [.key("campaign_order")], maxBytes: 64) {
                order = Experiment.CampaignOrder(rawValue: text)
                if order == nil {
                    error("campaign_order \(Self.quoted(text)) is not one of \(Experiment.CampaignOrder.allCases.map(\.rawValue).joined(separator: ", "))",
                          at: variantPath + [.key("campaign_order")])
                }
            }
            let sections = variant["sections"].flatMap { entries($0, at: variantPath + [.key("sections")]) }
            guard let variantID else { continue }
            variants.append(Experiment.Variant(id: variantID, weight: weight, campaignOrder: order, sections: sections))
        }
        if list.isEmpty { error("an experiment needs variants", at: path) }
        if !variants.isEmpty, variants.allSatisfy({ $0.weight == 0 }) { error("every variant weighs 0: nobody would be assigned", at: path) }
        guard let id else { return nil }
        return Experiment(id: id, segments: segments, placements: placements, variants: variants)
    }

    /// `["hero", {"placement": "picks", "rank": 1}]`
    private mutating func entries(_ value: JSONValue, at path: Path) -> [PlanEntry]? {
        guard let list = array(value, at: path) else { return nil }
        var entries: [PlanEntry] = []
        for (index, element) in list.enumerated() {
            let entryPath = path + [.index(index)]
            if case .string = element {
                if let id = id(element, at: entryPath) { entries.append(PlanEntry(placement: id)) }
                continue
            }
            guard let object = object(element, at: entryPath, keys: ["placement", "rank"]) else { continue }
            guard let id = required(object, "placement", at: entryPath).flatMap({ self.id($0, at: entryPath + [.key("placement")]) }) else { continue }
            entries.append(PlanEntry(placement: id, rank: integer(object["rank"], at: entryPath + [.key("rank")], in: 0...1_000) ?? 0))
        }
        return entries
    }
}
