import FlowPresentation

/// Focus movement: spatial, over the last frame's targets, in body (content) rows so that
/// several keys between two frames add up.
extension PageViewport {
    /// Where a target is: its strip (0 sticky header, 1 body, 2 sticky footer), its rows in
    /// the body's content (screen rows for strips) and its columns with its carousel unscrolled.
    struct Place {
        var rank: Int
        var top: Int
        var bottom: Int
        var x: Int
        var width: Int
        var center: Int { x + width / 2 }
    }

    func place(_ target: FocusTarget) -> Place {
        let rect = target.rect
        let x = rect.x + (target.carouselID.map { drawnOffsets[$0] ?? 0 } ?? 0)
        guard target.scrolls, let layout else {
            let rank = (layout.map { rect.y < $0.bodyRows.lowerBound } ?? true) ? 0 : 2
            return Place(rank: rank, top: rect.y, bottom: rect.maxY, x: x, width: rect.width)
        }
        let top = rect.y - layout.bodyRows.lowerBound + layout.scroll
        return Place(rank: 1, top: top, bottom: top + rect.height, x: x, width: rect.width)
    }

    /// The target's columns on screen at the carousel's current offset.
    func screenX(_ target: FocusTarget) -> Int {
        place(target).x - (target.carouselID.map { carouselOffsets[$0] ?? 0 } ?? 0)
    }

    var isAtEnd: Bool {
        guard let maxScroll = layout?.maxScroll else { return false }
        return scroll >= maxScroll
    }

    // MARK: - Moves

    /// Moves the keys between the focused widget's stops (`FocusTarget.stops`): down and up
    /// to the nearest row of them below or above, left and right along a row, Tab and
    /// Shift-Tab in reading order. Returns `false` when there is none that way, and focus
    /// leaves the widget.
    mutating func moveWithinWidget(_ command: BrowseCommand) -> Bool {
        guard let target = focusedTarget else { return false }
        let stops = target.stops
        guard !stops.isEmpty else { return false }
        let current = control ?? target.defaultControl
        let origin = target.stopRect(control)
        let others = stops.filter { $0.control != current }
        func center(_ rect: CellRect) -> Int { rect.x + rect.width / 2 }
        func nearest(_ row: [FocusStop]) -> FocusStop? {
            row.min { abs(center($0.rect) - center(origin)) < abs(center($1.rect) - center(origin)) }
        }
        var chosen: FocusStop?
        switch command {
        case .down:
            let below = others.filter { $0.rect.y > origin.y }
            if let top = below.map(\.rect.y).min() { chosen = nearest(below.filter { $0.rect.y == top }) }
        case .up:
            let above = others.filter { $0.rect.y < origin.y }
            if let bottom = above.map(\.rect.y).max() { chosen = nearest(above.filter { $0.rect.y == bottom }) }
        case .right:
            chosen = others.filter { $0.rect.y == origin.y && $0.rect.x > origin.x }.min { $0.rect.x < $1.rect.x }
        case .left:
            chosen = others.filter { $0.rect.y == origin.y && $0.rect.x < origin.x }.max { $0.rect.x < $1.rect.x }
        case .next, .previous:
            var ordered = stops
            if !ordered.contains(where: { $0.control == current }) { ordered.append(FocusStop(control: current, rect: origin)) }
            ordered.sort { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
            if let index = ordered.firstIndex(where: { $0.control == current }) {
                let next = index + (command == .next ? 1 : -1)
                if ordered.indices.contains(next) { chosen = ordered[next] }
            }
        case .pageDown, .pageUp, .top, .bottom, .scroll:
            return false
        }
        guard let chosen else { return false }
        control = chosen.control
        revealRows(of: chosen.rect, in: target)
        return true
    }

    /// Scrolls so that `rect` (a stop inside `target`, screen rows of the last frame) shows.
    private mutating func revealRows(of rect: CellRect, in target: FocusTarget) {
        guard target.scrolls, let layout else { return }
        let top = rect.y - layout.bodyRows.lowerBound + layout.scroll
        let height = layout.viewportHeight
        if top < scroll {
            scroll = top
        } else if top + rect.height > scroll + height {
            scroll = top + rect.height - height
        }
        if let maxScroll = layout.maxScroll { scroll = min(scroll, maxScroll) }
        scroll = max(0, scroll)
    }

    mutating func moveVertically(down: Bool) {
        guard let layout else { return }
        guard !layout.targets.isEmpty else { return scrollBy(down ? pageStep : -pageStep) }
        guard let current = focusedTarget else {
            if let first = down ? firstInView() : lastInView() {
                focus = first.id
                reveal(first)
            } else {
                continueBeyond(down: down, fromRow: down ? scroll : scroll + layout.viewportHeight, column: layout.width / 2)
            }
            return
        }
        let from = place(current)
        if let next = nearestRow(down: down, from: from) {
            focus = next.id
            reveal(next)
        } else if from.rank == 1 {
            continueBeyond(down: down, fromRow: from.top, column: from.center)
        }
    }

    mutating func moveHorizontally(right: Bool) {
        guard let current = focusedTarget else { return moveVertically(down: true) }
        let from = place(current)
        let row = (layout?.targets ?? []).filter { candidate in
            guard candidate.id != current.id else { return false }
            if let carousel = current.carouselID { return candidate.carouselID == carousel }
            let place = place(candidate)
            return place.rank == from.rank && place.top == from.top
        }
        let side = row.filter { right ? place($0).x > from.x : place($0).x < from.x }
        let next = right ? side.min { place($0).x < place($1).x } : side.max { place($0).x < place($1).x }
        guard let next else { return }
        focus = next.id
        reveal(next)
    }

    mutating func moveInReadingOrder(forward: Bool) {
        guard let layout else { return }
        // The frame's reading order, with carousels unscrolled and rows in the body's content,
        // so keys pressed between two frames go on from where the last one left.
        let ordered = FocusOrder.ordered(layout.targets, band: { place($0).rank }) { target in
            let place = place(target)
            return LayoutRect(x: Double(place.x), y: Double(place.top), width: Double(place.width), height: Double(place.bottom - place.top))
        }
        guard let current = focusedTarget, let index = ordered.firstIndex(where: { $0.id == current.id }) else {
            return moveVertically(down: forward)
        }
        let nextIndex = index + (forward ? 1 : -1)
        guard ordered.indices.contains(nextIndex) else { return moveVertically(down: forward) }
        focus = ordered[nextIndex].id
        reveal(ordered[nextIndex])
    }

    /// The next row of targets below (or above) `from`, and in it the one nearest `from`'s
    /// column, preferring those wholly on screen.
    private func nearestRow(down: Bool, from: Place) -> FocusTarget? {
        guard let layout else { return nil }
        let targets = layout.targets
        func beyond(_ target: FocusTarget, rank: Int) -> Bool {
            let place = place(target)
            guard place.rank == rank else { return false }
            if rank != from.rank {
                // Into the body from a strip: start at what shows.
                return rank == 1 ? (down ? place.bottom > scroll : place.top < scroll + layout.viewportHeight) : true
            }
            return down ? place.top > from.top : place.top < from.top
        }
        var tiers: [Int] = []
        switch (from.rank, down) {
        case (0, true): tiers = [0, 1]
        case (1, true): tiers = isAtEnd ? [1, 2] : [1]
        case (2, true): tiers = [2]
        case (0, false): tiers = [0]
        case (1, false): tiers = scroll == 0 ? [1, 0] : [1]
        default: tiers = [2, 1]
        }
        for rank in tiers {
            let candidates = targets.filter { beyond($0, rank: rank) }
            guard !candidates.isEmpty else { continue }
            let rowTop = down ? candidates.map { place($0).top }.min()! : candidates.map { place($0).top }.max()!
            let row = candidates.filter { place($0).top == rowTop }
            let visible = row.filter { screenX($0) >= 0 && screenX($0) + $0.rect.width <= layout.width }
            let pool = visible.isEmpty ? row : visible
            // From a widget across the screen, a row of cards is entered at its first;
            // otherwise at the card nearest the focus's column.
            if from.width >= layout.width / 2 { return pool.min { place($0).x < place($1).x } }
            return pool.min { abs(place($0).center - from.center) < abs(place($1).center - from.center) }
        }
        return nil
    }

    /// No target is known beyond the focus: scroll a screen on, and look again when the next
    /// frame has laid out what comes.
    private mutating func continueBeyond(down: Bool, fromRow: Int, column: Int) {
        if down {
            guard !isAtEnd else { return }
            scrollBy(pageStep)
            pending = .down(fromRow: fromRow, column: column)
        } else {
            guard scroll > 0 else { return }
            scrollBy(-pageStep)
            pending = .up(fromRow: fromRow, column: column)
        }
    }

    // MARK: - Keeping focus visible

    /// Scrolls so that `target` shows whole (with its section's header when it is the
    /// section's first row), or its top when it is taller than the screen; scrolls its
    /// carousel so the card shows.
    mutating func reveal(_ target: FocusTarget) {
        guard let layout else { return }
        if let carousel = target.carouselID { revealCard(target, in: carousel) }
        guard target.scrolls else { return }
        let place = place(target)
        var top = place.top
        if let section = target.section?.id, let header = layout.sectionHeaders[section] {
            let height = header.rect.height
            if !header.isPinned {
                let headerTop = header.rect.y - layout.bodyRows.lowerBound + layout.scroll
                top = headerTop < place.top && place.top - (headerTop + height) <= 2 ? headerTop : place.top - height
            } else {
                top = place.top - height
            }
        }
        top = max(0, min(top, place.top))
        let height = layout.viewportHeight
        if place.bottom - top > height {
            scroll = top
        } else if top < scroll {
            scroll = top
        } else if place.bottom > scroll + height {
            scroll = place.bottom - height
        }
        if let maxScroll = layout.maxScroll { scroll = min(scroll, maxScroll) }
        scroll = max(0, scroll)
    }

    private mutating func revealCard(_ target: FocusTarget, in carousel: String) {
        guard let layout else { return }
        let cards = layout.targets.filter { $0.carouselID == carousel }
        let leading = cards.map { place($0).x }.min() ?? 0
        let x = place(target).x
        var offset = carouselOffsets[carousel] ?? 0
        if x - offset < leading || target.rect.width > layout.width - 2 * leading {
            offset = x - leading
        } else if x + target.rect.width - offset > layout.width - leading {
            offset = x + target.rect.width - (layout.width - leading)
        }
        carouselOffsets[carousel] = max(0, offset)
    }

    mutating func resolvePending() {
        guard let move = pending, layout != nil else { return }
        pending = nil
        switch move {
        case .lastInView:
            if let last = lastInView() { focus = last.id }
        case .down(let row, let column), .up(let row, let column):
            let down = if case .down = move { true } else { false }
            let from = Place(rank: 1, top: row, bottom: row + 1, x: column, width: 0)
            if let next = nearestRow(down: down, from: from) {
                focus = next.id
                reveal(next)
            } else {
                continueBeyond(down: down, fromRow: row, column: column)
            }
        }
    }

    /// Below this many body rows a screen is taken as shrunk for a moment (a resize through a
    /// few rows), not as a page with nothing in it: focus waits for it to grow back.
    static let rowsToShowABody = 3

    /// A frame that no longer shows the focused widget moves focus to the nearest one in view.
    mutating func keepFocusInView() {
        guard let layout, pending == nil else { return }
        // A body shrunk to a few rows (a resize passing through them) keeps the focus where it
        // is: grown back, the screen shows the same widget, not the search bar over a page
        // scrolled to its end.
        if focus != nil, layout.viewportHeight < Self.rowsToShowABody { return }
        if let current = focusedTarget {
            if !current.scrolls || layout.isPartlyInView(current.rect) { return }
            let above = current.rect.maxY <= layout.bodyRows.lowerBound
            focus = (above ? firstInView() : lastInView())?.id
            return
        }
        if focus == nil {
            focus = firstInView()?.id
        } else if layout.target(focus) == nil {
            focus = firstInView()?.id
        }
    }

    /// The first target in view: in the body if one shows there whole, else one partly
    /// shown, else a sticky strip's.
    func firstInView() -> FocusTarget? {
        inView().first
    }

    func lastInView() -> FocusTarget? {
        inView().last
    }

    private func inView() -> [FocusTarget] {
        guard let layout else { return [] }
        let body = layout.targets.filter(\.scrolls)
        let onScreen = body.filter { screenX($0) >= 0 && screenX($0) < layout.width }
        let whole = onScreen.filter { layout.isInView($0.rect) }
        if !whole.isEmpty { return whole }
        let partly = onScreen.filter { layout.isPartlyInView($0.rect) }
        if !partly.isEmpty { return partly }
        return layout.targets.filter { !$0.scrolls }
    }
}
