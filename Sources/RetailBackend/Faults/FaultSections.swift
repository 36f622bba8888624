import FlowCore
import RetailContract
/// The sections a fault profile injects into compositions: they break the contract on
/// purpose, so that clients show their containment (CONTRACT §3 outcomes `malformed`,
/// `unknown`) and `vitrine lint` reports them.
enum FaultSections {
    /// A product card whose data has wrong types and lacks its price.
    static let malformed: JSONValue = [
        "id": "fault-malformed",
        "tracking": ["section_id": "fault-malformed"],
        "widgets": [[
            "type": .string(RetailWidgetType.productCard), "id": "fault-malformed.card",
            "data": ["product_id": 42, "title": ["not", "a", "text"], "availability": "maybe"],
        ]],
    ]

    /// A widget type no client registers.
    static let unknown: JSONValue = [
        "id": "fault-unknown",
        "tracking": ["section_id": "fault-unknown"],
        "widgets": [["type": "hologram", "id": "fault-unknown.hologram", "data": ["title": "3D preview"]]],
    ]

    /// The sections with the requested faults, placed after the first section so that
    /// they land on the first page.
    static func inject(into composition: inout Composition, bits: UInt8) {
        var injected: [JSONValue] = []
        if bits & 1 != 0 { injected.append(malformed) }
        if bits & 2 != 0 { injected.append(unknown) }
        guard !injected.isEmpty else { return }
        composition.sections.insert(contentsOf: injected, at: min(1, composition.sections.count))
    }
}
