import ImagePipeline

/// Turns a bitmap into cells of upper half blocks (`▀`): the glyph's colour is the top pixel,
/// the cell's background the bottom one, so a cell shows exactly two pixels in their own
/// colours. Done once per (url, box) and kept: an unchanged image costs no work, and the
/// writer's diff sends nothing for it.
public enum HalfBlockEncoder {
    /// Whether a cell's grapheme is two pixels of a picture (a half block), whose style is
    /// its colours.
    public static func isPictureCell(_ grapheme: String) -> Bool {
        grapheme.utf8.elementsEqual("▀".utf8) || grapheme.utf8.elementsEqual("▄".utf8)
    }

    /// Cells for a box `columns` × `rows`: the bitmap scaled to the box (nearest pixel, for a
    /// bitmap that came back smaller than asked), fitted and centred for `fit`, over
    /// `background` where it is transparent or does not reach.
    public static func cells(
        for bitmap: Bitmap, columns: Int, rows: Int, contentMode: ContentMode, background: TerminalColor
    ) -> [Cell] {
        guard columns > 0, rows > 0, bitmap.width > 0, bitmap.height > 0 else { return [] }
        let boxWidth = columns, boxHeight = rows * 2
        // The part of the box the image covers.
        var drawWidth = boxWidth, drawHeight = boxHeight
        if contentMode == .fit {
            let scale = min(Double(boxWidth) / Double(bitmap.width), Double(boxHeight) / Double(bitmap.height))
            drawWidth = max(1, min(boxWidth, Int((Double(bitmap.width) * scale).rounded())))
            drawHeight = max(1, min(boxHeight, Int((Double(bitmap.height) * scale).rounded())))
        }
        let left = (boxWidth - drawWidth) / 2, top = (boxHeight - drawHeight) / 2
        func pixel(_ x: Int, _ y: Int) -> TerminalColor {
            let ix = x - left, iy = y - top
            guard ix >= 0, iy >= 0, ix < drawWidth, iy < drawHeight else { return background }
            let sx = min(bitmap.width - 1, ix * bitmap.width / drawWidth)
            let sy = min(bitmap.height - 1, iy * bitmap.height / drawHeight)
            guard let rgba = bitmap.pixel(x: sx, y: sy) else { return background }
            return composite(rgba, over: background)
        }
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let top = pixel(column, row * 2), bottom = pixel(column, row * 2 + 1)
                cells.append(Cell(grapheme: "▀", width: 1, style: CellStyle(foreground: top, background: bottom)))
            }
        }
        return cells
    }

    /// A premultiplied pixel over an opaque background.
    static func composite(_ pixel: RGBA, over background: TerminalColor) -> TerminalColor {
        let remaining = 255 - Int(pixel.alpha)
        func channel(_ value: UInt8, _ base: UInt8) -> UInt8 {
            UInt8(min(255, Int(value) + (Int(base) * remaining + 127) / 255))
        }
        return TerminalColor(red: channel(pixel.red, background.red), green: channel(pixel.green, background.green), blue: channel(pixel.blue, background.blue))
    }
}
