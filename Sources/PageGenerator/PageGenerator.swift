import FlowCore

/// Makes realistic, deterministic retail home pages (contract v1) for benchmarks, property
/// tests and fuzz seeds: the project's own generator, so nothing outside the repository is
/// needed to measure or test it.
///
/// The knobs are those of the benchmark's original Python generator: sections, widgets per
/// section, a fault rate and a seed. Sections cycle through product carousels, vertical
/// image-text cards, banner carousels, tag rails and product grids, each with a title header
/// and section tracking. With a fault rate, that share of widgets is broken at random (an
/// unknown type, a missing required key, data that is not an object, a duplicate id, no type
/// at all), and that share of sections gets an unknown arrangement.
public struct PageGenerator: Sendable {
    /// Sections on the page. Default 40.
    public var sections = 40
    /// Widgets in each section. Default 12.
    public var widgetsPerSection = 12
    /// Share of widgets (and of section arrangements) broken on purpose, 0…1. Default 0.
    public var faultRate = 0.0
    /// The seed: the same seed and knobs give the same bytes. Default 7.
    public var seed: UInt64 = 7

    public init(sections: Int = 40, widgetsPerSection: Int = 12, faultRate: Double = 0, seed: UInt64 = 7) {
        self.sections = max(0, sections)
        self.widgetsPerSection = max(0, widgetsPerSection)
        self.faultRate = min(max(faultRate, 0), 1)
        self.seed = seed
    }

    /// The page as a `{"page": …}` document.
    public func document() -> JSONValue {
        var random = SeededRandom(seed: seed)
        var body: [JSONValue] = []
        body.reserveCapacity(sections)
        for index in 0..<sections {
            body.append(section(index, random: &random))
        }
        let page: JSONValue = [
            "id": "home", "request_id": .string("req-\(seed)"), "schema_version": 1, "ttl": 300,
            "nav": ["title": "Home"],
            "header": ["sticky": true, "widgets": [Self.titleBlock("htop-0", random: &random)]],
            "sections": .array(body),
            "pagination": ["has_more": true, "postback": ["cursor": .string("c-\(seed)-2")]],
        ]
        return ["page": page]
    }

    /// The page as compact JSON bytes.
    public func bytes() -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: sections * widgetsPerSection * 700)
        writer.write(document())
        return writer.bytes
    }

    // MARK: - Sections

    private enum Kind: CaseIterable {
        case productCarousel, cardList, bannerCarousel, tagRail, productGrid

        var arrangement: String {
            switch self {
            case .productCarousel, .bannerCarousel: "carousel"
            case .cardList, .tagRail: "vertical"
            case .productGrid: "grid"
            }
        }
    }

    private func section(_ index: Int, random: inout SeededRandom) -> JSONValue {
        let kind = Kind.allCases[index % Kind.allCases.count]
        var widgets: [JSONValue] = (0..<widgetsPerSection).map { position in
            Self.widget(kind, section: index, position: position, random: &random)
        }
        if faultRate > 0 {
            for position in widgets.indices where random.unit() < faultRate {
                widgets[position] = Self.broken(widgets[position], random: &random)
            }
        }
        var layout = JSONObject([
            ("arrangement", .string(kind.arrangement)), ("item_spacing", 8),
            ("insets", ["top": 12, "left": 16, "right": 16, "bottom": 0]),
        ])
        if kind == .productGrid { layout["columns"] = 2 }
        if faultRate > 0, random.unit() < faultRate { layout["arrangement"] = "spiral" }
        let id = "sec-\(index)"
        return [
            "id": .string(id), "layout": .object(layout),
            "header": Self.titleBlock("h\(index)-hdr", random: &random),
            "widgets": .array(widgets),
            "tracking": ["section_id": .string(id), "campaign_id": .string("cmp-\(index)"),
                         "experiment_id": index % 3 == 0 ? "exp-home-42" : .null],
        ]
    }

    private static func widget(_ kind: Kind, section: Int, position: Int, random: inout SeededRandom) -> JSONValue {
        switch kind {
        case .productCarousel, .productGrid: productCard("p\(section)-\(position)", position: position, random: &random)
        case .cardList: imageTextCard("c\(section)-\(position)", position: position, random: &random)
        case .bannerCarousel: banner("b\(section)-\(position)", section: section, position: position, random: &random)
        case .tagRail: tagRail("t\(section)-\(position)", position: position, random: &random)
        }
    }
}
