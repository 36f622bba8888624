import FlowPresentation

extension InlineMarkdown {
    /// `source` as styled runs over `base`: bold and italic as attributes, inline code in
    /// reverse video, a link's text underlined. The parsing is FlowPresentation's, shared with
    /// every renderer and the accessibility description.
    public static func parse(_ source: String, base: CellStyle) -> StyledText {
        StyledText(parse(source).map { run in
            var style = base
            if run.isBold { style.attributes.insert(.bold) }
            if run.isItalic { style.attributes.insert(.italic) }
            if run.isCode { style.attributes.insert(.reverse) }
            if run.isLink { style.attributes.insert(.underline) }
            return StyledText.Run(run.text, style: style)
        })
    }
}
