import FlowCore
import Foundation
import RetailContract

/// Builds the contract's widgets (CONTRACT §6) from catalogue entities, in one locale.
///
/// Widget ids are `<section id>.<entity id>`: a product may appear in several carousels of
/// one page, and ids must be unique within a page (and across its paginated parts).
struct WidgetFactory: Sendable {
    /// Prefix of image URLs: empty gives paths on the backend's own origin
    /// (`/v1/images/p-1001.jpg`), like `api` endpoints.
    let imageBaseURL: String

    /// A served image's URL, or the catalogue's own when it gives an absolute http(s) URL.
    func imageURL(_ name: String) -> String {
        CatalogueImage.isURL(name) ? name : imageBaseURL + RetailRoutes.member(.images, name)
    }

    func image(_ name: String, aspectRatio: Double, alt: String) -> JSONValue {
        ["url": .string(imageURL(name)), "aspect_ratio": .number(aspectRatio), "alt": .string(alt)]
    }

    /// `open_page` of `pageID`; `replacing` the current screen (a product's other variant).
    static func openPage(_ pageID: String, replacing: Bool = false) -> JSONValue {
        replacing ? ["type": .string(RetailActionType.openPage), "page_id": .string(pageID), "replace": true] : ["type": .string(RetailActionType.openPage), "page_id": .string(pageID)]
    }

    static func tracking(item: String, position: Int, campaign: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("item_id", .string(item)), ("position", .integer(position))]
        if let campaign { members.append(("campaign_id", .string(campaign))) }
        return .members(members)
    }

    static func instant(_ date: Date) -> JSONValue {
        .string(RFC3339.string(from: date))
    }

    func titleBlock(id: String, title: String, subtitle: String? = nil) -> JSONValue {
        var data: [(String, JSONValue)] = [("title", .string(title))]
        if let subtitle { data.append(("subtitle", .string(subtitle))) }
        return ["type": "title_block", "id": .string(id), "data": .members(data)]
    }

    func searchBar(locale: StoreLocale) -> JSONValue {
        [
            "type": .string(RetailWidgetType.searchBar), "id": "search",
            "layout": ["margin": ["left": 16, "right": 16]],
            "data": ["placeholder": .string(SectionTitles.searchPlaceholder[locale])],
            "actions": ["tap": ["type": .string(RetailActionType.openSearch)]],
        ]
    }

    func heroCampaign(_ campaign: Campaign, section: String, locale: StoreLocale) -> JSONValue {
        var data: [(String, JSONValue)] = [
            ("campaign_id", .string(campaign.id)),
            ("image", image(campaign.heroImage, aspectRatio: 4.0 / 3.0, alt: campaign.title[locale])),
            ("title", ["text": .string(campaign.title[locale]), "font": ["size": 28, "weight": "bold"]]),
            ("subtitle", .string(campaign.subtitle[locale])),
        ]
        if !campaign.cta[locale].isEmpty {
            data.append(("cta", ["title": .string(campaign.cta[locale]), "style": "solid", "action": Self.openPage(campaign.pageID)]))
        }
        data.append(("ends_at", Self.instant(campaign.end)))
        return [
            "type": .string(RetailWidgetType.heroCampaign), "id": .string("\(section).\(campaign.id)"),
            "data": .members(data),
            "actions": ["tap": Self.openPage(campaign.pageID)],
            "tracking": Self.tracking(item: campaign.id, position: 0, campaign: campaign.id),
            "impression": ["min_visible_percent": 50, "min_duration_ms": 500, "limit": 1],
            "accessibility": AccessibilityLabels.hero(
                title: campaign.title[locale], subtitle: campaign.subtitle[locale], end: campaign.end,
                timeZone: campaign.window.zone, locale: locale),
        ]
    }

    func campaignCard(_ campaign: Campaign, section: String, position: Int, locale: StoreLocale) -> JSONValue {
        [
            "type": .string(RetailWidgetType.campaignCard), "id": .string("\(section).\(campaign.id)"),
            "layout": ["width": 0.8, "corner_radius": 12],
            "data": [
                "campaign_id": .string(campaign.id),
                "image": image(campaign.cardImage, aspectRatio: 4.0 / 3.0, alt: campaign.title[locale]),
                "title": .string(campaign.title[locale]),
                "subtitle": .string(campaign.subtitle[locale]),
            ],
            "actions": ["tap": Self.openPage(campaign.pageID)],
            "tracking": Self.tracking(item: campaign.id, position: position, campaign: campaign.id),
        ]
    }

    /// The card sent in a campaign's place to clients that fail its `requires` (the still of a
    /// live-shopping stream): its fallback copy, else its own.
    func fallbackCard(_ campaign: Campaign, id: String, position: Int, locale: StoreLocale) -> JSONValue {
        let title = campaign.fallbackTitle[locale].isEmpty ? campaign.title[locale] : campaign.fallbackTitle[locale]
        let subtitle = campaign.fallbackSubtitle[locale].isEmpty ? campaign.subtitle[locale] : campaign.fallbackSubtitle[locale]
        return [
            "type": .string(RetailWidgetType.campaignCard), "id": .string(id),
            "data": [
                "campaign_id": .string(campaign.id),
                "image": image(campaign.cardImage, aspectRatio: 4.0 / 3.0, alt: campaign.title[locale]),
                "title": .string(title),
                "subtitle": .string(subtitle),
            ],
            "actions": ["tap": Self.openPage(campaign.pageID)],
            "tracking": Self.tracking(item: campaign.id, position: position, campaign: campaign.id),
        ]
    }

    func categoryTile(_ category: Category, section: String, position: Int, locale: StoreLocale) -> JSONValue {
        var data: [(String, JSONValue)] = [
            ("category_id", .string(category.id)), ("title", .string(category.name[locale])),
        ]
        if let picture = category.image {
            data.append(("image", image(picture, aspectRatio: 1, alt: category.name[locale])))
        } else {
            data.append(("icon", .string(category.icon)))
        }
        return [
            "type": .string(RetailWidgetType.categoryTile), "id": .string("\(section).\(category.id)"),
            "data": .members(data),
            "actions": ["tap": Self.openPage(category.pageID)],
            "tracking": Self.tracking(item: category.id, position: position),
        ]
    }

    /// A product card. Available products carry `add_to_cart`; unavailable ones a
    /// "notify me" `api` action instead (answered by `POST /v1/actions/notify-me`).
    func productCard(
        _ product: Product, id: String, position: Int, locale: StoreLocale,
        width: Double? = 0.45, notifying: Bool = false, campaign: String? = nil
    ) -> JSONValue {
        var badges: [JSONValue] = []
        if let percent = product.discountPercent(in: locale) {
            badges.append(["text": .string(locale.percent(-Double(percent) / 100)), "bg_color": "#D0021B"])
        }
        // Stock ("Sold out", "Low stock") is the card's `availability`, which every client
        // shows in its own words: a badge saying it again would be shown twice.
        if product.availability == .unavailable, notifying { badges.append(["text": .string(SectionTitles.notifyBadge[locale])]) }
        var data: [(String, JSONValue)] = [("product_id", .string(product.id)), ("title", .string(product.title[locale]))]
        if !product.subtitle[locale].isEmpty { data.append(("subtitle", .string(product.subtitle[locale]))) }
        data += [
            ("image", image(product.image, aspectRatio: 4.0 / 3.0, alt: product.title[locale])),
            ("price", product.price(in: locale).json),
        ]
        if let compareAt = product.compareAtPrice(in: locale) { data.append(("compare_at_price", compareAt.json)) }
        data += [
            ("availability", .string(product.availability.rawValue)),
            ("badges", .array(badges)),
        ]
        if let rating = product.rating { data.append(("rating", .number(rating))) }
        var actions: [(String, JSONValue)] = [("tap", Self.openPage(product.pageID))]
        if product.availability == .unavailable {
            if !notifying {
                actions.append(("notify", ["type": "api", "endpoint": .string(RetailRoutes.member(.actions, RetailAPIAction.notifyMe)), "product_id": .string(product.id)]))
            }
        } else {
            actions.append((WidgetEvent.addToCart.name, ["type": .string(RetailActionType.addToCart), "product_id": .string(product.id), "quantity": 1]))
        }
        var widget: [(String, JSONValue)] = [("type", .string(RetailWidgetType.productCard)), ("id", .string(id))]
        if let width { widget.append(("layout", ["width": .number(width), "corner_radius": 12])) }
        widget += [
            ("data", .members(data)),
            ("actions", .members(actions)),
            ("tracking", Self.tracking(item: product.id, position: position, campaign: campaign)),
            // Prices side by side and a bare rating read badly: the card says what it means.
            ("accessibility", AccessibilityLabels.product(product, locale: locale)),
        ]
        return .members(widget)
    }

    /// The product a product page is about, whole (`product_detail`): its variants are the
    /// products of its variant group (`family`, the product among them, in feed order), each
    /// opening its own page.
    func productDetail(_ product: Product, family: [Product], category: Category?, locale: StoreLocale) -> JSONValue {
        var data: [(String, JSONValue)] = [
            ("product_id", .string(product.id)),
            ("title", ["text": .string(product.title[locale]), "font": ["size": 22, "weight": "bold"]]),
        ]
        if !product.subtitle[locale].isEmpty { data.append(("subtitle", .string(product.subtitle[locale]))) }
        data += [
            ("image", image(product.image, aspectRatio: 4.0 / 3.0, alt: product.title[locale])),
            ("price", product.price(in: locale).json),
        ]
        if let compareAt = product.compareAtPrice(in: locale) { data.append(("compare_at_price", compareAt.json)) }
        data.append(("availability", .string(product.availability.rawValue)))
        if let rating = product.rating {
            data += [("rating", .number(rating)), ("rating_count", .integer(product.ratingCount))]
        }
        if let percent = product.discountPercent(in: locale) {
            data.append(("badges", [["text": .string(locale.percent(-Double(percent) / 100)), "bg_color": "#D0021B"]]))
        }
        if family.count > 1 {
            let options: [JSONValue] = family.map { member in
                let isShown = member.id.isByteEqual(to: product.id)
                var option: [(String, JSONValue)] = [("label", .string(member.variant?.label[locale] ?? member.title[locale]))]
                if isShown { option.append(("selected", true)) }
                if member.availability == .unavailable { option.append(("available", false)) }
                // Another variant takes this page's place: back leaves the product, not the variant.
                if !isShown { option.append(("action", Self.openPage(member.pageID, replacing: true))) }
                return .members(option)
            }
            data.append(("variants", [["name": .string(SectionTitles.styleVariant[locale]), "options": .array(options)]]))
        }
        data.append(("delivery", .string(SectionTitles.delivery[locale])))
        let description = SectionTitles.fill(SectionTitles.description, [
            "descriptor": product.subtitle[locale], "title": product.title[locale], "category": category?.name[locale] ?? "",
        ], locale)
        data.append(("description", .string(description)))
        // One limit a product: the most its cart line holds, which the cart sheet steps to too.
        data.append(("max_quantity", .integer(CartService.lineQuantities.upperBound)))
        let add: JSONValue = ["type": .string(RetailActionType.addToCart), "product_id": .string(product.id), "quantity": 1]
        let notify: JSONValue = ["type": "api", "endpoint": .string(RetailRoutes.member(.actions, RetailAPIAction.notifyMe)), "product_id": .string(product.id)]
        let buyable = product.availability != .unavailable
        data.append(("cta", [
            "title": .string((buyable ? SectionTitles.addToCart : SectionTitles.notifyMe)[locale]), "style": "solid",
            "action": buyable ? add : notify,
        ]))
        var actions: [(String, JSONValue)] = []
        if buyable { actions.append((WidgetEvent.addToCart.name, add)) }
        return .members([
            ("type", .string(RetailWidgetType.productDetail)), ("id", .string("details.\(product.id)")), ("data", .members(data)),
            ("actions", .members(actions)),
            ("tracking", Self.tracking(item: product.id, position: 0)),
        ])
    }

    /// A story's card; its call to action opens the story's page (`story:ID`), which shows
    /// the card without one.
    func editorialCard(_ story: Story, section: String, position: Int, locale: StoreLocale, opensStory: Bool = true) -> JSONValue {
        var data: [(key: String, value: JSONValue)] = [
            ("kicker", .string(story.kicker[locale])),
            ("title", .string(story.title[locale])),
            ("body", ["text": .string(story.body[locale]), "is_markdown": true]),
            ("image", image(story.image, aspectRatio: 4.0 / 3.0, alt: story.title[locale])),
        ]
        if opensStory {
            data.append(("cta", ["title": .string(story.cta[locale]), "action": ["type": .string(RetailActionType.deeplink), "url": .string("vitrine://story/\(story.id)")]]))
        }
        return [
            "type": .string(RetailWidgetType.editorialCard), "id": .string("\(section).\(story.id)"),
            "data": .members(data),
            "tracking": Self.tracking(item: story.id, position: position),
        ]
    }

    func promoBanner(_ promotion: Promotion, section: String, position: Int, locale: StoreLocale) -> JSONValue {
        [
            "type": .string(RetailWidgetType.promoBanner), "id": .string("\(section).\(promotion.id)"),
            "layout": [
                "gradient": ["colors": .array(promotion.colors.map { .string($0) }), "angle": 90],
                "corner_radius": 12, "padding": ["top": 16, "left": 16, "right": 16, "bottom": 16],
            ],
            "data": [
                "title": .string(promotion.title[locale]),
                "subtitle": .string(promotion.subtitle[locale]),
                "code": .string(promotion.code),
            ],
            "actions": ["tap": ["type": "toast", "message": .string(SectionTitles.format(SectionTitles.codeAtCheckout, promotion.code, locale))]],
            "tracking": Self.tracking(item: promotion.id, position: position),
        ]
    }
}
