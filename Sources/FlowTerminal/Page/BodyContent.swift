import FlowCore

/// What a scrolling body shows, in order: the strip widgets above the sections (a page's
/// non-sticky header), the sections, a pagination row, and the strip widgets below (a page's
/// non-sticky footer). A page's body and a sheet's both are one.
public struct BodyContent: Sendable {
    public var leadingWidgets: [WidgetModel]
    public var sections: [SectionModel]
    public var trailingWidgets: [WidgetModel]
    /// What the end of the list shows while more pages exist.
    public var pagination: PaginationRow?

    public init(leadingWidgets: [WidgetModel] = [], sections: [SectionModel], trailingWidgets: [WidgetModel] = [], pagination: PaginationRow? = nil) {
        self.leadingWidgets = leadingWidgets
        self.sections = sections
        self.trailingWidgets = trailingWidgets
        self.pagination = pagination
    }

    /// A page's body: the header and footer widgets that scroll (not sticky) with the sections.
    public init(page: PageModel, pagination: PaginationRow?) {
        self.init(
            leadingWidgets: page.header.map { $0.isSticky ? [] : $0.widgets } ?? [],
            sections: page.sections,
            trailingWidgets: page.footer.map { $0.isSticky ? [] : $0.widgets } ?? [],
            pagination: pagination)
    }
}

/// The row at the end of a paginated list.
public enum PaginationRow: Sendable, Hashable {
    /// More is on its way (or about to be asked for).
    case loading
    /// The next page failed: the row offers retry.
    case failed(message: String)
    /// More was promised but next pages added nothing: the row says so and offers to try again.
    case ended
}
