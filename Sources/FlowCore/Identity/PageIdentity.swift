/// Where an addressable widget lives: the places `replace_widget` and `remove_widget` reach.
enum WidgetSlot: Sendable, Hashable {
    case pageHeader
    case pageFooter
    case sectionHeader(String)
    case sectionBody(String)
}

/// The page's identity index: every id in use, and where each addressable widget and each
/// section is.
///
/// Ids must be stable, so that diffing, scroll position and in-flight images follow a widget
/// across refreshes, and unique, so that a mutation or a stepper's state addresses exactly
/// one widget. A missing id is derived from the coding path (`type@page.sections.0.widgets.2`),
/// so the same bytes always give the same ids; a repeated id is renamed `id#2`, `id#3`, … in
/// document order. The index travels with the page, so mutations and merges keep ids unique
/// at the cost of the widgets they touch, never a rescan of the page.
///
/// Ids are compared by their code points, as JSON compares strings (`ExactString`): `"é"`
/// and `"e\u{301}"` are two ids, never one renamed.
struct PageIdentity: Sendable {
    private(set) var widgetIDs: Set<ExactString> = []
    private(set) var sectionIDs: Set<ExactString> = []
    private var slots: [ExactString: WidgetSlot] = [:]
    /// For a widget that is not addressable (an accordion item, a fallback), the addressable
    /// widget that holds it: that one unchanged means this one is unchanged.
    private var owners: [ExactString: ExactString] = [:]

    /// The addressable widget holding the nested widget `id`.
    func owner(of id: String) -> String? { owners[ExactString(id)]?.string }

    mutating func setOwner(_ owner: String, of id: String) { owners[ExactString(id)] = ExactString(owner) }
    private var sectionPositions: [ExactString: Int] = [:]

    /// Where the addressable widget `id` lives.
    func slot(of id: String) -> WidgetSlot? { slots[ExactString(id)] }

    mutating func setSlot(_ slot: WidgetSlot?, for id: String) { slots[ExactString(id)] = slot }

    /// The position of section `id` in the page's sections.
    func sectionPosition(of id: String) -> Int? { sectionPositions[ExactString(id)] }

    mutating func setSectionPosition(_ position: Int?, for id: String) { sectionPositions[ExactString(id)] = position }

    func containsWidget(_ id: String) -> Bool { widgetIDs.contains(ExactString(id)) }
    /// The coding-path index the next decoded section takes: it only grows, through next
    /// pages and section mutations alike.
    var nextSectionPathIndex = 0
    /// The next suffix to try per base id, so renaming a hundred `dup`s is not quadratic.
    private var nextSuffix: [ExactString: Int] = [:]
    private var nextSectionSuffix: [ExactString: Int] = [:]

    /// Claims `proposed` for a widget, or the first free `proposed#n`; says whether it renamed.
    ///
    /// A new name avoids `reserved` too: ids the payload declares for elements not decoded
    /// yet, so a renamed duplicate never takes the id another widget asked for by name.
    mutating func claimWidgetID(_ proposed: String, reserved: () -> Set<ExactString>) -> (id: String, renamed: Bool) {
        if widgetIDs.insert(ExactString(proposed)).inserted { return (proposed, false) }
        let id = Self.freeName(for: proposed, in: widgetIDs, reserved: reserved(), suffixes: &nextSuffix)
        widgetIDs.insert(ExactString(id))
        return (id, true)
    }

    /// Claims `proposed` for a section, or the first free `proposed#n`.
    mutating func claimSectionID(_ proposed: String, reserved: () -> Set<ExactString>) -> (id: String, renamed: Bool) {
        if sectionIDs.insert(ExactString(proposed)).inserted { return (proposed, false) }
        let id = Self.freeName(for: proposed, in: sectionIDs, reserved: reserved(), suffixes: &nextSectionSuffix)
        sectionIDs.insert(ExactString(id))
        return (id, true)
    }

    /// Gives back the ids of a widget that left the page.
    mutating func releaseWidget(_ widget: WidgetModel) {
        for id in widget.allIDs {
            widgetIDs.remove(ExactString(id))
            owners.removeValue(forKey: ExactString(id))
        }
        slots.removeValue(forKey: ExactString(widget.id))
    }

    /// Gives back a section's id and all its widgets' ids.
    mutating func releaseSection(_ section: SectionModel) {
        sectionIDs.remove(ExactString(section.id))
        if let header = section.header { releaseWidget(header) }
        for widget in section.widgets { releaseWidget(widget) }
        if let fallback = section.fallback { releaseWidget(fallback) }
    }

    /// Takes back the ids of a widget whose replacement failed to decode.
    mutating func reclaimWidget(_ widget: WidgetModel, slot: WidgetSlot) {
        for id in widget.allIDs {
            widgetIDs.insert(ExactString(id))
            if !id.isByteEqual(to: widget.id) { owners[ExactString(id)] = ExactString(widget.id) }
        }
        slots[ExactString(widget.id)] = slot
    }

    /// Takes back the ids of a section whose replacement failed to decode.
    mutating func reclaimSection(_ section: SectionModel) {
        sectionIDs.insert(ExactString(section.id))
        if let header = section.header { reclaimWidget(header, slot: .sectionHeader(section.id)) }
        for widget in section.widgets { reclaimWidget(widget, slot: .sectionBody(section.id)) }
        if let fallback = section.fallback {
            for id in fallback.allIDs { widgetIDs.insert(ExactString(id)) }
        }
    }

    /// Records the positions of sections appended at the end, without touching the others.
    mutating func indexAppendedSections(_ sections: [SectionModel], from start: Int) {
        for index in start..<sections.count {
            sectionPositions[ExactString(sections[index].id)] = index
        }
    }

    /// Rebuilds the section positions after sections were inserted or removed.
    mutating func reindexSections(_ sections: [SectionModel]) {
        sectionPositions.removeAll(keepingCapacity: true)
        for (index, section) in sections.enumerated() {
            sectionPositions[ExactString(section.id)] = index
        }
    }

    private static func freeName(
        for base: String, in used: Set<ExactString>, reserved: Set<ExactString>, suffixes: inout [ExactString: Int]
    ) -> String {
        let key = ExactString(base)
        var suffix = suffixes[key] ?? 2
        while used.contains(ExactString("\(base)#\(suffix)")) || reserved.contains(ExactString("\(base)#\(suffix)")) { suffix += 1 }
        suffixes[key] = suffix + 1
        return "\(base)#\(suffix)"
    }
}
