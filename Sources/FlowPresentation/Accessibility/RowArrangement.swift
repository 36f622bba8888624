/// Whether a row's parts sit side by side or stack, the same for every renderer that follows
/// the reader's text size: at the accessibility sizes a row stacks (a card's image above its
/// text, a row's buttons one under another, a stepper's controls under its title), so large
/// text is not squeezed into a narrow column beside an image or between buttons.
public enum RowArrangement: Sendable, Hashable {
    case sideBySide
    case stacked

    /// The arrangement at the reader's text size.
    public static func at(_ size: DynamicTypeScale.Size) -> RowArrangement {
        size.isAccessibilitySize ? .stacked : .sideBySide
    }
}
