import FlowTerminal

/// Which options of a variant fit on its one row of `columns`, and their labels as drawn.
///
/// Each option takes its label, two columns around it (`[Brio]` or ` Alto `) and one between;
/// a `…` takes its column and one between.
/// Long labels are cut first, their last word kept (`Modell… Alto`), down to `minimumLabel`
/// columns; if the options still do not fit, the row is a window of whole options that holds
/// the selected one (the product on screen is never the one hidden), with a column for `…`
/// on each side that has more.
struct VariantRow: Equatable {
    /// The indices of the options shown.
    let shown: Range<Int>
    /// Their labels, cut to fit.
    let labels: [String]

    static let minimumLabel = 6

    var hasMoreBefore: Bool { shown.lowerBound > 0 }
    var hasMoreAfter: Bool { shown.upperBound < total }
    private let total: Int

    init(labels raw: [String], selected: Int?, columns: Int) {
        total = raw.count
        let clean = raw.map { SafeText.cleaned($0, keepingNewlines: false) }
        func width(_ labels: ArraySlice<String>, marks: Int) -> Int {
            labels.reduce(-1) { $0 + DisplayWidth.of($1) + 3 } + marks * 2
        }
        // Every option, labels cut to the widest that lets them all fit.
        var cap = clean.map(DisplayWidth.of).max() ?? 0
        while cap > Self.minimumLabel, width(ArraySlice(clean.map { TextCut.fitKeepingLastWord($0, to: cap) }), marks: 0) > columns {
            cap -= 1
        }
        let cut = clean.map { TextCut.fitKeepingLastWord($0, to: cap) }
        guard width(ArraySlice(cut), marks: 0) > columns else {
            shown = 0..<raw.count
            labels = cut
            return
        }
        // A window around the selected option, grown on both sides while it fits.
        let anchor = min(max(0, selected ?? 0), max(0, raw.count - 1))
        var window = anchor..<min(anchor + 1, raw.count)
        func fits(_ range: Range<Int>) -> Bool {
            let marks = (range.lowerBound > 0 ? 1 : 0) + (range.upperBound < raw.count ? 1 : 0)
            return width(cut[range], marks: marks) <= columns
        }
        var grew = true
        while grew {
            grew = false
            if window.upperBound < raw.count, fits(window.lowerBound..<window.upperBound + 1) {
                window = window.lowerBound..<window.upperBound + 1
                grew = true
            }
            if window.lowerBound > 0, fits(window.lowerBound - 1..<window.upperBound) {
                window = window.lowerBound - 1..<window.upperBound
                grew = true
            }
        }
        shown = window
        labels = Array(cut[window])
    }
}
