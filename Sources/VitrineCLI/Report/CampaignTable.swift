import CommandLineSupport
import FlowCore
import FlowTerminal
import Foundation
import RetailBackend

/// The campaign report as a merchandiser reads it in a terminal: a table a part (campaigns,
/// experiments, contract problems), columns aligned, every identifier made safe to print
/// (`TerminalText`) and cut to its column.
enum CampaignTable {
    /// The report; a table wider than `width` columns (a terminal's) is written as records
    /// instead, each a name line and `label value` lines, so nothing wraps.
    static func text(_ results: CampaignResults, width: Int? = nil) -> String {
        var lines: [String] = []
        var scope: [String] = []
        if let segment = results.segment { scope.append("segment \(segment)") }
        if let locale = results.locale { scope.append("locale \(locale)") }
        let period = "\(RFC3339.string(from: results.from)) to \(RFC3339.string(from: results.to))"
        let title = TerminalText.sanitized("Campaigns, \(period)" + (scope.isEmpty ? "" : " (\(scope.joined(separator: ", ")))"))
        if let width, DisplayWidth.of(title) > width {
            lines += ["Campaigns", "  from \(RFC3339.string(from: results.from))", "  to \(RFC3339.string(from: results.to))"]
            lines += scope.map { "  " + TerminalText.sanitized($0) }
        } else {
            lines.append(title)
        }
        lines.append("")
        if results.campaigns.isEmpty {
            lines.append("  No campaign was seen in this period.")
        } else {
            var table = TextTable(
                headers: ["campaign", "placement", "experiment arm", "impressions", "shoppers", "taps", "CTR (95 % interval)", "adds",
                          "adds per shopper"],
                rightAligned: [3, 4, 5, 7, 8])
            for row in results.campaigns {
                let ctr = row.ctr.map { ctr in
                    "\(percent(ctr)) (\(percent(row.ctrLow ?? ctr))–\(percent(row.ctrHigh ?? ctr)))"
                } ?? "–"
                let arm = row.experimentID.map { "\($0): \(row.variant ?? "?")" } ?? "–"
                table.add([row.campaignID, row.placement ?? "–", arm, "\(row.impressions)", "\(row.shoppers)", "\(row.taps)", ctr,
                           "\(row.adds)", row.addRate.map { String(format: "%.2f", $0) } ?? "–"])
            }
            lines += table.lines(width: width)
        }
        if !results.experiments.isEmpty {
            lines += ["", "Experiments", ""]
            var table = TextTable(headers: ["experiment", "arm", "impressions", "taps", "CTR", "difference (95 % interval)", "p"],
                                  rightAligned: [2, 3, 4, 6])
            for experiment in results.experiments {
                for (index, arm) in experiment.arms.enumerated() {
                    var difference = ""
                    var p = ""
                    if experiment.compared.count == 2, arm.variant.utf8.elementsEqual(experiment.compared[1].utf8),
                        let value = experiment.ctrDifference {
                        difference = "\(points(value)) vs \(experiment.compared[0]) (\(points(experiment.differenceLow ?? value)) to \(points(experiment.differenceHigh ?? value)))"
                        p = experiment.pValue.map { String(format: "%.3g", $0) } ?? ""
                    }
                    table.add([index == 0 ? experiment.experimentID : "", arm.variant, "\(arm.impressions)", "\(arm.taps)",
                               arm.ctr.map(percent) ?? "–", difference, p])
                }
            }
            lines += table.lines(width: width)
        }
        if !results.contractProblems.isEmpty {
            lines += ["", "Contract problems clients reported", ""]
            var table = TextTable(headers: ["page", "section", "widget type", "kind", "count", "shoppers", "app versions"], rightAligned: [4, 5])
            for problem in results.contractProblems {
                table.add([problem.pageID ?? "–", problem.sectionID ?? "–", problem.widgetType ?? "–", problem.kind ?? "–",
                           "\(problem.count)", "\(problem.shoppers)", problem.appVersions.joined(separator: ", ")])
            }
            lines += table.lines(width: width)
        }
        return lines.joined(separator: "\n")
    }

    /// `12.3 %`.
    static func percent(_ value: Double) -> String {
        String(format: "%.1f %%", value * 100)
    }

    /// A difference of rates in percentage points: `+1.2 pp`.
    static func points(_ value: Double) -> String {
        String(format: "%+.1f pp", value * 100)
    }
}

/// Columns of text aligned by their width in terminal columns; each cell made safe to print
/// and cut to `maxCellScalars` with "…".
struct TextTable {
    let headers: [String]
    let rightAligned: Set<Int>
    private(set) var rows: [[String]] = []
    static let maxCellScalars = 40

    init(headers: [String], rightAligned: Set<Int>) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    mutating func add(_ cells: [String]) {
        rows.append(cells.map(Self.cell))
    }

    private static func cell(_ text: String) -> String {
        let safe = TerminalText.sanitized(text)
        guard safe.unicodeScalars.count > maxCellScalars else { return safe }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: safe.unicodeScalars.prefix(maxCellScalars - 1))
        return String(cut) + "…"
    }

    /// Aligned columns, or records when they would be wider than `width`: a row's names (the
    /// cells before the first number) on a line, then `heading value` pairs on as few lines as
    /// fit.
    func lines(width: Int?) -> [String] {
        let table = lines
        guard let width, let widest = table.map({ DisplayWidth.of($0) }).max(), widest > width else { return table }
        var records: [String] = []
        var above: [String] = []
        for row in rows {
            // A name the table leaves blank under the same one above is written out again.
            let name = row.prefix(rightAligned.min() ?? 1).enumerated().map { index, cell in
                cell.isEmpty && above.indices.contains(index) ? above[index] : cell
            }
            above = name
            records += Self.wrapped(name.filter { !$0.isEmpty && $0 != "–" }, separator: " · ", indent: "  ", width: width)
            var line = ""
            for (heading, cell) in zip(headers, row).dropFirst(name.count) where !cell.isEmpty {
                let pair = "\(heading) \(cell)"
                if !line.isEmpty, DisplayWidth.of(line) + 3 + DisplayWidth.of(pair) > width {
                    records.append(line)
                    line = ""
                }
                if line.isEmpty, 4 + DisplayWidth.of(pair) > width {
                    // Too wide for a line even alone: the heading, then its value under it.
                    records += Self.wrapped([heading], separator: " ", indent: "    ", width: width)
                    records += Self.wrapped(cell.split(separator: " ").map(String.init), separator: " ", indent: "      ", width: width)
                    continue
                }
                line += line.isEmpty ? "    " + pair : " · " + pair
            }
            if !line.isEmpty { records.append(line) }
        }
        return records
    }

    /// `parts` joined by `separator` on as few lines as fit in `width` after `indent`; a part
    /// wider than a line alone is cut to it with "…".
    static func wrapped(_ parts: [String], separator: String, indent: String, width: Int) -> [String] {
        let room = max(1, width - DisplayWidth.of(indent))
        var lines: [String] = []
        var line = ""
        for part in parts {
            var part = part
            if DisplayWidth.of(part) > room {
                var cut = ""
                for character in part {
                    guard DisplayWidth.of(cut) + DisplayWidth.of(character) + 1 <= room else { break }
                    cut.append(character)
                }
                part = cut + "…"
            }
            if !line.isEmpty, DisplayWidth.of(line) + DisplayWidth.of(separator) + DisplayWidth.of(part) > room {
                lines.append(indent + line)
                line = ""
            }
            line += line.isEmpty ? part : separator + part
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines
    }

    var lines: [String] {
        let all = [headers] + rows
        let widths = headers.indices.map { column in all.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return all.map { cells in
            let padded = cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(cell)))
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }
            var line = "  " + padded.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
