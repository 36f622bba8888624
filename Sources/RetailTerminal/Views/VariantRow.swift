import FlowTerminal

/// A variant's options in `columns`, on as many rows as they need, and their labels as drawn.
///
/// Every option is drawn, each on some row, so that each has a control: the keys (Tab, the
/// arrows) and a click reach every variant of the product, none is hidden behind a `…`.
/// Each option takes its label, two columns around it (`[Brio]` or ` Alto `) and one between.
/// Options that do not fit one row go on further rows, under the first. Long labels are cut
/// first, their last word kept (`Modell… Alto`), never below `minimumLabel` columns nor so far
/// that two read alike (nor wider than a row): to as few rows as that allows, and of the cuts
/// that take that many rows, the widest. The options are then shared out as evenly as that many rows allow (`Alto Brio Cora`
/// over `[Dune] Elm Fjord`, not five over one), in their order.
struct VariantRow: Equatable {
    /// The options on each row, by index, in order: together every option, once.
    let rows: [Range<Int>]
    /// Every option's label, cut to fit.
    let labels: [String]

    static let minimumLabel = 6

    init(labels raw: [String], columns: Int) {
        let clean = raw.map { SafeText.cleaned($0, keepingNewlines: false) }
        // A label wider than a row is cut to the row: alone on it, it still shows whole.
        let room = max(1, columns - 2)
        let widest = min(clean.map(DisplayWidth.of).max() ?? 0, room)
        func cut(_ cap: Int) -> [String] { clean.map { TextCut.fitKeepingLastWord($0, to: min(cap, room)) } }
        func rows(_ labels: [String], limit: Int) -> [Range<Int>] { Self.wrap(labels.map(DisplayWidth.of), limit: limit) }
        // The narrowest cut keeps every label's last word ("Modell… Fjord", never "Modell F…")
        // and tells the options apart as their names do ("Midnight… Blue", "Midnight… Green",
        // never five "Midnight…"): rows are many, labels never ambiguous.
        let lastWordKept = clean.map { label -> Int in
            let width = DisplayWidth.of(label)
            guard let space = label.lastIndex(of: " ") else { return width }
            return min(width, 2 * DisplayWidth.of(String(label[label.index(after: space)...])))
        }.max() ?? 0
        let names = Set(clean.map { Array($0.utf8) }).count
        var floor = min(max(Self.minimumLabel, lastWordKept), widest)
        while floor < widest, Set(cut(floor).map { Array($0.utf8) }).count < names { floor += 1 }
        let fewest = rows(cut(floor), limit: columns).count
        var cap = widest
        while cap > floor, rows(cut(cap), limit: columns).count > fewest { cap -= 1 }
        let labels = cut(cap)
        // The narrowest rows that keep their number: as even as they can be.
        var limit = columns
        while limit > 1, fewest > 1, rows(labels, limit: limit - 1).count == fewest { limit -= 1 }
        self.rows = rows(labels, limit: limit)
        self.labels = labels
    }

    /// Options of label `widths` in rows of `limit` columns, as many on each as fit (at least
    /// one), in order.
    static func wrap(_ widths: [Int], limit: Int) -> [Range<Int>] {
        var rows: [Range<Int>] = []
        var start = 0
        var used = 0
        for (index, width) in widths.enumerated() {
            let option = width + 2
            if index > start, used + 1 + option > limit {
                rows.append(start..<index)
                start = index
            }
            used = index == start ? option : used + 1 + option
        }
        if start < widths.count { rows.append(start..<widths.count) }
        return rows
    }
}
