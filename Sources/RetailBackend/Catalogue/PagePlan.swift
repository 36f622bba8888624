/// Which placements the home page shows, in which order, for which segments.
struct PagePlan: Sendable, Hashable {
    var id: String
    /// The segments it is for; every segment has exactly one plan (the check says so).
    var segments: [Segment]
    var sections: [PlanEntry]
}

/// One place in a plan: a placement, and for placements that campaigns fill one by one (a
/// campaign's product carousel) which of their campaigns, from 0.
struct PlanEntry: Sendable, Hashable {
    var placement: String
    var rank = 0
}
