/// A whole catalogue as data: what the files of a catalogue directory hold, and what the
/// built-in demo builds in Swift. Compared whole by the tests: a catalogue written out and
/// read back is the same value.
struct CatalogueContent: Sendable, Hashable {
    var settings: CatalogueSettings
    var categories: [Category]
    /// The product feed, in the order of its files.
    var products: [Product]
    var campaigns: [Campaign]
    var stories: [Story]
    var promotions: [Promotion]
    var placements: [Placement]
    var plans: [PagePlan]
    var experiments: [Experiment]
}

/// The store-wide part (`catalogue.json`).
struct CatalogueSettings: Sendable, Hashable {
    /// Shown by the tools.
    var name: String
    /// The locales the store is merchandised in; the first is used for requests in others.
    var locales: [StoreLocale]
    /// The IANA zone of windows that name none, and of the timeline's days.
    var timeZone: String
}
