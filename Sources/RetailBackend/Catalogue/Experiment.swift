/// An experiment on the home page: each shopper of its segments is assigned one variant, for
/// good (a hash of their session token, else of their segment, weighted), and the variant changes
/// the campaign order or the plan's sections.
///
/// The sections of its `placements` carry its id and the variant in their tracking
/// (`experiment_id`, `experiment_variant`), so the impression that first shows one counts an
/// exposure (`ExposureLog`): an experiment is measured where it is seen, not where it is
/// composed.
struct Experiment: Sendable, Hashable {
    /// Which live campaign comes first (the hero, the carousels).
    enum CampaignOrder: String, Sendable, Hashable, CaseIterable {
        /// Highest priority first, ties by id.
        case priority
        /// The one ending soonest first, ties by id.
        case endingSoonest = "ending_soonest"
    }

    struct Variant: Sendable, Hashable {
        var id: String
        /// Share of shoppers, relative to the other variants' weights.
        var weight: Int
        var campaignOrder: CampaignOrder?
        /// The page's sections for this variant, in place of the plan's.
        var sections: [PlanEntry]?
    }

    var id: String
    /// Segments it runs for; empty means every segment.
    var segments: [Segment]
    /// Placements whose sections are the experiment's (they carry its id and variant).
    var placements: [String]
    var variants: [Variant]

    func applies(to segment: Segment) -> Bool {
        segments.isEmpty || segments.contains(segment)
    }

    /// The variant of a shopper: FNV-1a of `<id>:user:<unit>` (or `<id>:segment:<segment>`
    /// without a unit, i.e. a request without a session) modulo the total weight, walked
    /// through the weights in order. Built without the string: this runs on every page request.
    func assign(unit: String?, segment: Segment) -> Int {
        var hash = StableHash.fnv1a64(bytes: id.utf8)
        hash = StableHash.fnv1a64(bytes: ":".utf8, seed: hash)
        if let unit {
            hash = StableHash.fnv1a64(bytes: "user:".utf8, seed: hash)
            hash = StableHash.fnv1a64(bytes: unit.utf8, seed: hash)
        } else {
            hash = StableHash.fnv1a64(bytes: "segment:".utf8, seed: hash)
            hash = StableHash.fnv1a64(bytes: segment.rawValue.utf8, seed: hash)
        }
        let total = variants.reduce(0) { $0 + max(0, $1.weight) }
        guard total > 0 else { return 0 }
        var bucket = Int(hash % UInt64(total))
        for (index, variant) in variants.enumerated() {
            bucket -= max(0, variant.weight)
            if bucket < 0 { return index }
        }
        return 0
    }

    func isTracked(_ placement: String) -> Bool {
        placements.contains { $0.isByteEqual(to: placement) }
    }
}
