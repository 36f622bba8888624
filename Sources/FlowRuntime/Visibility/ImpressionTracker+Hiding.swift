import FlowCore

/// What hides every page from the reader beyond what the pages' own reports can say: the app
/// is not the active scene (in the background, behind a system alert or the app switcher), or
/// a sheet or an overlay the page does not know of covers it. While any holds, every session
/// ends and reports are kept untimed; when the last goes, the last report is timed again from
/// then, since the views on screen report only when their frames change. The terminal needs
/// none of it: it reports an empty frame when nothing shows.
extension ImpressionTracker {
    public enum Obstruction: Sendable, Hashable {
        /// The app is not the active scene.
        case inactiveScene
        /// A sheet the pages do not report (the cart) is presented over them.
        case sheet
        /// An overlay (search suggestions) covers the page.
        case overlay
    }

    /// `obstruction` starts (`hides`) or stops hiding every page.
    public func setHidden(_ hides: Bool, by obstruction: Obstruction) {
        let wasHidden = !obstructions.isEmpty
        if hides { obstructions.insert(obstruction) } else { obstructions.remove(obstruction) }
        if !obstructions.isEmpty {
            endAllSessions()
        } else if wasHidden, let report = lastReport {
            update(page: report.page, visible: report.visible)
        }
    }

    /// Whether something hides every page now.
    public var isHidden: Bool { !obstructions.isEmpty }
}
