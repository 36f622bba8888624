import FlowCore
import Foundation
import RetailContract

/// The demo shop as files an app carries, to run with no backend (`vitrine serve
/// --export-shop DIR`; the example app's `DemoShop` resources): what this backend composes at
/// one instant for one client, its images, and what a client needs to answer the cart and
/// search itself.
///
/// Layout (all names of our own making, never from a request; readers look files up through
/// `shop.json`, never by joining a page id into a path):
/// - `shop.json`: `{"format": 1, "instant", "app_version", "capabilities", "locales",
///   "segments", "pages": [{"id", "locale", "segment"?, "file"}], "images": [{"path",
///   "file"}], "catalogues": {locale: file}}`. A page without `segment` is every segment's.
/// - `pages/NNNN.json`: a page as `GET /v1/home` or `/v1/pages/{id}` answers it, whole (no
///   pagination), request id `bundled-NNNN`.
/// - `images/NNNN.jpg|png`: every served image, at a quarter of the served size in each
///   direction (numbered: names that differ only in case would be one file on some disks).
/// - `catalogues/LOCALE.json`: `{"products": [{"id", "title", "price", "compare_at_price"?,
///   "buyable"}], "search": {"entries": [{"text", "kind", "target", "price"?}], "campaigns":
///   [{"text", "target", "segments"}], …PageComposer.searchKit}, "notify": {"message",
///   "cards": {product id: card}}}`: what "notify me" answers, for each unavailable product.
public struct ShopBundle: Sendable {
    /// A file of the bundle: its path relative to the bundle's directory, and its bytes.
    public struct File: Sendable {
        public let path: String
        public let bytes: Data
    }

    /// Bumped when the layout changes; readers refuse another.
    public static let format = 1
    /// How much smaller than the served images the bundled ones are, in each direction.
    public static let imageScale = 4

    public let files: [File]
}

extension HomeBackend {
    /// The shop composed at `instant` for an app of `appVersion` with `capabilities`: home for
    /// each locale and segment, live campaign pages, categories, live stories and products in
    /// every locale; composed without faults. Deterministic: the same catalogue, instant and
    /// client give the same bytes.
    public func shopBundle(at instant: Date, appVersion: AppVersion, capabilities: Set<String>) -> ShopBundle {
        let snapshot = catalogues.current
        let catalogue = snapshot.catalogue
        let locales = catalogue.settings.locales
        var files: [ShopBundle.File] = []
        var pages: [JSONValue] = []

        /// The page as each segment is answered it: one file and no `segment` when every
        /// segment gets the same page; otherwise a file per distinct page, listed for each
        /// segment it is, and none for a segment the backend refuses it to (a campaign it
        /// does not see).
        func add(_ pageID: String, locale: StoreLocale) {
            var answers: [(segment: Segment, page: EncodedPage)] = []
            for segment in Segment.allCases {
                var context = PageContext(locale: locale, segment: segment, appVersion: appVersion, capabilities: capabilities)
                context.offset = 0
                guard let composition = try? composition(pageID, context: context, choice: catalogue.choice(for: context), at: instant, faultBits: 0, in: snapshot)
                else { continue }
                answers.append((segment, PageWriter.encode(composition, offset: 0, pageSize: max(1, composition.sections.count))))
            }
            let sameForAll = answers.count == Segment.allCases.count
                && answers.allSatisfy { $0.page.body(requestID: "") == answers[0].page.body(requestID: "") }
            var written: [(bytes: Data, file: String)] = []
            for answer in sameForAll ? [answers[0]] : answers {
                let comparable = answer.page.body(requestID: "")
                let file: String
                if let same = written.first(where: { $0.bytes == comparable }) {
                    file = same.file
                } else {
                    let number = String(files.count + 1)
                    file = "pages/" + String(repeating: "0", count: max(0, 4 - number.utf8.count)) + number + ".json"
                    files.append(.init(path: file, bytes: answer.page.body(requestID: "bundled-" + number)))
                    written.append((comparable, file))
                }
                var entry: [(String, JSONValue)] = [("id", .string(pageID)), ("locale", .string(locale.rawValue))]
                if !sameForAll { entry.append(("segment", .string(answer.segment.rawValue))) }
                entry.append(("file", .string(file)))
                pages.append(.members(entry))
            }
        }

        for locale in locales {
            add("home", locale: locale)
            for campaign in catalogue.liveCampaigns(at: instant) where campaign.locales.isEmpty || campaign.locales.contains(locale) {
                add(campaign.pageID, locale: locale)
            }
            for category in catalogue.categories { add(category.pageID, locale: locale) }
            for story in catalogue.stories where story.window.contains(instant) { add(story.pageID, locale: locale) }
            for product in catalogue.products { add(product.pageID, locale: locale) }
        }

        var images: [JSONValue] = []
        for (name, served) in snapshot.imageSpecs.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }) {
            var spec = served
            spec.width /= ShopBundle.imageScale
            spec.height /= ShopBundle.imageScale
            guard let bytes = try? ImageGenerator.encode(spec) else { continue }
            // Numbered, not named after the image: two names that differ only in case are one
            // file on a disk that ignores case (macOS's, by default).
            let number = String(images.count + 1)
            let file = "images/" + String(repeating: "0", count: max(0, 4 - number.utf8.count)) + number + (spec.format == .jpeg ? ".jpg" : ".png")
            files.append(.init(path: file, bytes: Data(bytes)))
            images.append(["path": .string(RetailRoutes.member(.images, name)), "file": .string(file)])
        }

        var catalogueFiles: [(String, JSONValue)] = []
        for locale in locales {
            let path = "catalogues/\(locale.rawValue).json"
            files.append(.init(path: path, bytes: JSONWriter.data(for: shopCatalogue(catalogue, snapshot: snapshot, locale: locale, at: instant))))
            catalogueFiles.append((locale.rawValue, .string(path)))
        }

        let manifest: JSONValue = [
            "format": .integer(ShopBundle.format),
            "instant": WidgetFactory.instant(instant),
            "app_version": .string(appVersion.description),
            "capabilities": .array(capabilities.sorted().map(JSONValue.string)),
            "locales": .array(locales.map { .string($0.rawValue) }),
            "segments": .array(Segment.allCases.map { .string($0.rawValue) }),
            "pages": .array(pages),
            "images": .array(images),
            "catalogues": .members(catalogueFiles),
        ]
        files.insert(.init(path: "shop.json", bytes: JSONWriter.data(for: manifest)), at: 0)
        return ShopBundle(files: files)
    }

    /// What a client needs to answer the cart and search in `locale` itself.
    private func shopCatalogue(_ catalogue: Catalogue, snapshot: CatalogueSnapshot, locale: StoreLocale, at instant: Date) -> JSONValue {
        let products: [JSONValue] = catalogue.products.map { product in
            var members: [(String, JSONValue)] = [
                ("id", .string(product.id)), ("title", .string(product.title[locale])), ("price", product.price(in: locale).json),
            ]
            if let compareAt = product.compareAtPrice(in: locale) { members.append(("compare_at_price", compareAt.json)) }
            members.append(("buyable", .bool(product.availability != .unavailable)))
            return .members(members)
        }
        let entries: [JSONValue] = catalogue.categories.map { ["text": .string($0.name[locale]), "kind": "category", "target": .string($0.pageID)] }
            + catalogue.products.map {
                ["text": .string($0.title[locale]), "kind": "product", "target": .string($0.pageID), "price": $0.price(in: locale).json]
            }
        let campaigns: [JSONValue] = catalogue.liveCampaigns(at: instant).compactMap { campaign in
            let segments = Segment.allCases.filter { campaign.isVisible(to: $0, locale: locale) }
            guard !segments.isEmpty else { return nil }
            return ["text": .string(campaign.title[locale]), "target": .string(campaign.pageID), "segments": .array(segments.map { .string($0.rawValue) })]
        }
        let search: [(String, JSONValue)] = [("entries", .array(entries)), ("campaigns", .array(campaigns))] + snapshot.composer.searchKit(locale: locale)
        // "Notify me" answers with the tapped card as it shows the alert on (its id is the tapped one's).
        let widgets = snapshot.composer.home.widgets
        let notifying: [(String, JSONValue)] = catalogue.products.filter { $0.availability == .unavailable }.map {
            ($0.id, widgets.productCard($0, id: "", position: 0, locale: locale, width: nil, notifying: true))
        }
        let notify: JSONValue = ["message": .string(SectionTitles.notifyConfirmed[locale]), "cards": .members(notifying)]
        return ["products": .array(products), "search": .members(search), "notify": notify]
    }
}
