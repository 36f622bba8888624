import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// Payload text (`TextData`): server text made safe (`SafeText`), markdown by the one subset
/// (`InlineMarkdown`), the backend's font size scaled by the reader's text size
/// (`DynamicTypeScale`), its weight, colour (dark mode from the theme), alignment and line limit.
public struct FlowText: View {
    let text: TextData
    /// The size and weight when the payload gives none.
    var base: ResolvedFont = ResolvedFont(size: 16)
    /// Secondary text (subtitles) takes the theme's secondary colour.
    var isSecondary = false

    public init(text: TextData, base: ResolvedFont = ResolvedFont(size: 16), isSecondary: Bool = false) {
        self.text = text
        self.base = base
        self.isSecondary = isSecondary
    }

    @Environment(\.dynamicTypeSize) private var typeSize
    @Environment(\.colorScheme) private var systemScheme
    @Environment(\.flowTheme) private var theme

    public var body: some View {
        let font = text.font.map { theme.font($0, scheme: themeScheme(systemScheme)) } ?? base
        let colour = text.color.map { Color(theme.color($0, scheme: themeScheme(systemScheme))) }
            ?? theme.color(isSecondary ? "text.secondary" : "text.primary", for: systemScheme)
        return styled
            .font(.system(size: CGFloat(DynamicTypeScale.points(font.size, at: typeSize.flowSize)), weight: Self.weight(font.weight)))
            .foregroundStyle(colour)
            .multilineTextAlignment(Self.alignment(text.alignment))
            .lineLimit(text.maxLines)
    }

    /// The text, safe, with markdown emphasis as Text styles.
    private var styled: Text {
        guard text.isMarkdown else { return Text(verbatim: SafeText.cleaned(text.text)) }
        return InlineMarkdown.parse(text.text).reduce(Text(verbatim: "")) { whole, run in
            var part = Text(verbatim: SafeText.cleaned(run.text))
            if run.isBold { part = part.bold() }
            if run.isItalic { part = part.italic() }
            if run.isLink { part = part.underline() }
            return whole + part
        }
    }

    static func weight(_ weight: FontData.Weight) -> Font.Weight {
        switch weight {
        case .light: .light
        case .regular: .regular
        case .medium: .medium
        case .semibold: .semibold
        case .bold: .bold
        case .heavy: .heavy
        }
    }

    static func alignment(_ alignment: TextData.Alignment) -> TextAlignment {
        switch alignment {
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        }
    }
}
