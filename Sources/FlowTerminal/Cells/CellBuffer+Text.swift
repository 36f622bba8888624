extension CellBuffer {
    /// The screen as text, one string a row, trailing blanks removed: what `--plain` prints and
    /// what snapshot tests compare. Never longer than `width` columns.
    public var plainLines: [String] {
        (0..<height).map { y in
            var line = ""
            for cell in row(y) where !cell.isContinuation { line += cell.grapheme }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The screen as SGR-coloured lines for `depth`: colours and attributes only, no cursor
    /// addressing and no clearing, each line ending in a reset, so it pipes to a file or
    /// `less -R`. Trailing cells that show nothing but the default look are left out.
    public func styledLines(depth: ColorDepth) -> [String] {
        (0..<height).map { y in
            let cells = row(y)
            var end = cells.endIndex
            while end > cells.startIndex, let last = cells[cells.index(before: end)] as Cell?,
                last.isBlank, SGR.isDefault(last.style, depth: depth)
            {
                end = cells.index(before: end)
            }
            var bytes: [UInt8] = []
            var current = CellStyle.plain
            for cell in cells[cells.startIndex..<end] where !cell.isContinuation {
                SGR.append(from: current, to: cell.style, depth: depth, into: &bytes)
                current = cell.style
                bytes += cell.grapheme.utf8
            }
            if !SGR.isDefault(current, depth: depth) { bytes += SGR.reset }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The grid with `|` borders, for test failures that read as a picture.
    public var debugPicture: String {
        plainLines.enumerated().map { index, line in
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(line)))
            return "\(index < 10 ? " " : "")\(index)|\(line)\(padding)|"
        }.joined(separator: "\n")
    }
}
