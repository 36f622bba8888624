import FlowCore

/// What one frame draws into: the cell buffer, the hit regions and the widgets laid out, shared
/// by every canvas cut from it. A class so that nested views write to the one frame.
public final class DrawSurface {
    public internal(set) var buffer: CellBuffer
    public internal(set) var hitMap = HitMap()
    /// Where images were drawn, in buffer coordinates (a focus mark leaves them as they are).
    public internal(set) var imageRects: [CellRect] = []

    public init(width: Int, height: Int) {
        buffer = CellBuffer(width: width, height: height)
    }
}

/// A view's window onto the frame: its own coordinates (0, 0 at its top-left), translated and
/// clipped into the buffer. Views draw only through it, so nothing draws outside its box, and a
/// view scrolled partly off screen (negative origin) draws exactly what shows.
public struct Canvas {
    public let surface: DrawSurface
    /// Where this canvas's (0, 0) is in the buffer.
    public let originX: Int
    public let originY: Int
    /// The canvas's own size.
    public let width: Int
    public let height: Int
    /// What may be drawn, in buffer coordinates.
    public let clip: CellRect

    public init(surface: DrawSurface, rect: CellRect, clip: CellRect? = nil) {
        self.surface = surface
        originX = rect.x
        originY = rect.y
        width = rect.width
        height = rect.height
        let own = rect.intersection(surface.buffer.bounds)
        self.clip = clip.map { own.intersection($0) } ?? own
    }

    /// The canvas's own box, at (0, 0).
    public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

    /// Where the canvas is in the buffer.
    public var frameInBuffer: CellRect { CellRect(x: originX, y: originY, width: width, height: height) }

    /// Whether nothing of it can show.
    public var isClippedAway: Bool { clip.isEmpty }

    /// A canvas for `rect` in this one's coordinates, clipped by this one.
    public func child(_ rect: CellRect) -> Canvas {
        Canvas(surface: surface, rect: rect.offsetBy(dx: originX, dy: originY), clip: clip)
    }

    /// A canvas for `rect` that may draw outside this one's box (a carousel card sliding past
    /// the section's insets), still within `clip`.
    public func child(_ rect: CellRect, clip override: CellRect) -> Canvas {
        Canvas(surface: surface, rect: rect.offsetBy(dx: originX, dy: originY), clip: override)
    }

    /// Writes `text` on one line from (`x`, `y`); returns the columns it took.
    @discardableResult
    public func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain) -> Int {
        surface.buffer.put(text: text, x: originX + x, y: originY + y, style: style, clip: clip)
    }

    /// Writes one character; returns its columns.
    @discardableResult
    public func put(_ character: Character, x: Int, y: Int, style: CellStyle = .plain) -> Int {
        surface.buffer.put(character, x: originX + x, y: originY + y, style: style, clip: clip)
    }

    /// Fills `rect` (this canvas's coordinates) with blanks in `style`.
    public func fill(_ rect: CellRect, style: CellStyle) {
        surface.buffer.fill(rect.offsetBy(dx: originX, dy: originY), style: style, clip: clip)
    }

    /// Copies pre-encoded cells (an image) `columns` wide to (`x`, `y`).
    public func blit(_ cells: [Cell], columns: Int, x: Int, y: Int) {
        surface.buffer.blit(cells, columns: columns, x: originX + x, y: originY + y, clip: clip)
    }

    /// Records `rect` (this canvas's coordinates, clipped) as an image's cells.
    public func noteImage(_ rect: CellRect) {
        let shown = rect.offsetBy(dx: originX, dy: originY).intersection(clip)
        if !shown.isEmpty { surface.imageRects.append(shown) }
    }

    /// Changes the style of the cells in `rect`.
    public func restyle(_ rect: CellRect, _ change: (inout CellStyle) -> Void) {
        surface.buffer.restyle(rect.offsetBy(dx: originX, dy: originY).intersection(clip), change)
    }

    /// Dims what a sheet or a box drawn over `rect` (this canvas's coordinates) leaves in
    /// view: its text, and with a `scrim` colour (the page's background) every colour drawn
    /// there, pictures' too, mixed halfway toward it, as a sheet's scrim does on a phone.
    /// Without one (no colour) pictures keep theirs: dimming a half block dims only its top
    /// pixel and stripes the picture.
    public func dimText(in rect: CellRect, scrim: TerminalColor? = nil) {
        let shown = rect.offsetBy(dx: originX, dy: originY).intersection(clip)
        guard !shown.isEmpty else { return }
        for y in shown.y..<shown.maxY {
            for x in shown.x..<shown.maxX {
                let isPicture = HalfBlockEncoder.isPictureCell(surface.buffer[x, y].grapheme)
                guard scrim != nil || !isPicture else { continue }
                surface.buffer.restyle(CellRect(x: x, y: y, width: 1, height: 1)) { style in
                    if let scrim {
                        style.foreground = style.foreground?.mixed(with: scrim, amount: Self.scrimAmount)
                        style.background = style.background?.mixed(with: scrim, amount: Self.scrimAmount)
                    }
                    if !isPicture { style.attributes.insert(.dim) }
                }
            }
        }
    }

    /// How far a scrim mixes the colours under a sheet toward the page's background.
    public static let scrimAmount = 0.55

    /// The cell already drawn at (`x`, `y`), if it is inside this canvas and the buffer.
    public func cell(x: Int, y: Int) -> Cell? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let bx = originX + x, by = originY + y
        guard surface.buffer.bounds.contains(x: bx, y: by) else { return nil }
        return surface.buffer[bx, by]
    }

    /// The background already drawn at (`x`, `y`), if it is inside the buffer.
    public func background(x: Int, y: Int) -> TerminalColor? {
        let bx = originX + x, by = originY + y
        guard surface.buffer.bounds.contains(x: bx, y: by) else { return nil }
        return surface.buffer[bx, by].style.background
    }

    /// Records `rect` (this canvas's coordinates) as a target: clipped for clicks, and whole
    /// for focus when it is a widget's control.
    public func addTarget(_ rect: CellRect, target: HitTarget, action: ActionData? = nil) {
        let whole = rect.offsetBy(dx: originX, dy: originY)
        surface.hitMap.add(HitRegion(rect: whole.intersection(clip), target: target, action: action), unclipped: whole)
    }
}
