import RetailContract

extension SearchIndex {
    /// The entries of one locale: every product and category; campaigns are added per
    /// request because only live ones may be suggested.
    init(catalogue: Catalogue, locale: StoreLocale) {
        var entries: [(String, Kind, String)] = catalogue.categories.map { ($0.name[locale], .category, $0.pageID) }
        entries += catalogue.products.map { ($0.title[locale], .product, $0.pageID) }
        self.init(entries: entries)
    }
}
