import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// A payload button (`ButtonData`): its title and icon in its style, its action through the
/// dispatcher, disabled when the payload says so, and how it reads to VoiceOver (`reading`:
/// its own element, hidden, or inside the element its widget reads as).
public struct ButtonAtomView: View {
    let button: ButtonData
    let widgetID: String
    let widget: WidgetModel?
    let sectionID: String?
    var reading: PartReading

    @Environment(\.flowActions) private var actions
    @Environment(\.colorScheme) private var systemScheme
    @Environment(\.flowTheme) private var theme

    /// `widget`: the widget the button is part of, whose events its element's named actions
    /// fire (nil for the nav bar's buttons, `widgetID` "nav"); `reading`: `PartReading`.
    public init(button: ButtonData, widgetID: String, widget: WidgetModel?, sectionID: String?, reading: PartReading = .withinWidget) {
        self.button = button
        self.widgetID = widgetID
        self.widget = widget
        self.sectionID = sectionID
        self.reading = reading
    }

    public var body: some View {
        let control = Button(action: fire) {
            HStack(spacing: 6) {
                if let icon = button.icon { IconView(icon: icon) }
                if let title = button.title { FlowText(text: title, base: ResolvedFont(size: 16, weight: .semibold)) }
            }
            .padding(EdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16))
            .frame(maxWidth: button.isFullWidth ? .infinity : nil)
            .background(background)
            .clipShape(ChromeModifier.shape(button.cornerRadius ?? CornerRadius(10)))
        }
        .disabled(button.isDisabled)
        return AnyView(control.flowAccessibilityPart(reading, perform: perform))
    }

    private var background: Color {
        switch button.style {
        case .solid:
            Color(theme.color(button.backgroundColor ?? ColorData(token: "brand.primary"), scheme: themeScheme(systemScheme)))
        case .outline, .plain:
            Color.clear
        }
    }

    private func fire() {
        guard let action = button.action else { return }
        actions?.fire(action, widgetID: widgetID, sectionID: sectionID)
    }

    /// What VoiceOver asked of the button's element: its own action (`request.button`), or a
    /// named action of its widget (the widget's `add_to_cart`, carried by its first element).
    private func perform(_ activation: AccessibilityElement.Activation) {
        actions?.perform(activation, widgetID: widgetID, widget: widget, sectionID: sectionID)
    }
}

/// A payload tag (`TagData`): a capsule of text, a button when it carries an action.
public struct TagAtomView: View {
    let tag: TagData
    let widgetID: String
    let widget: WidgetModel?
    let sectionID: String?
    var reading: PartReading

    @Environment(\.flowActions) private var actions
    @Environment(\.colorScheme) private var systemScheme
    @Environment(\.flowTheme) private var theme

    /// `widget` and `reading` as `ButtonAtomView`'s.
    public init(tag: TagData, widgetID: String, widget: WidgetModel?, sectionID: String?, reading: PartReading = .withinWidget) {
        self.tag = tag
        self.widgetID = widgetID
        self.widget = widget
        self.sectionID = sectionID
        self.reading = reading
    }

    public var body: some View {
        let scheme = themeScheme(systemScheme)
        let chip = HStack(spacing: 4) {
            if let icon = tag.icon { IconView(icon: icon) }
            FlowText(text: tag.text, base: ResolvedFont(size: 12, weight: .medium))
        }
        .padding(EdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8))
        .background(tag.backgroundColor.map { Color(theme.color($0, scheme: scheme)) } ?? Color.clear)
        .clipShape(ChromeModifier.shape(tag.cornerRadius ?? CornerRadius(8)))
        .onTapGesture(count: 1) {
            if let action = tag.action { actions?.fire(action, widgetID: widgetID, sectionID: sectionID) }
        }
        return AnyView(chip.flowAccessibilityPart(reading, perform: perform))
    }

    /// What VoiceOver asked of the tag's element: its own action (`request.tag`), or a named
    /// action of its widget.
    private func perform(_ activation: AccessibilityElement.Activation) {
        actions?.perform(activation, widgetID: widgetID, widget: widget, sectionID: sectionID)
    }
}

/// A payload icon (`IconData`): an SF Symbol by name, in its size and colour.
public struct IconView: View {
    let icon: IconData

    public init(icon: IconData) {
        self.icon = icon
    }

    @Environment(\.colorScheme) private var systemScheme
    @Environment(\.flowTheme) private var theme

    public var body: some View {
        Image(systemName: SafeText.cleaned(icon.symbol, keepingNewlines: false))
            .flowFont(size: icon.size ?? 16)
            .foregroundStyle(icon.color.map { Color(theme.color($0, scheme: themeScheme(systemScheme))) } ?? theme.color("text.primary", for: systemScheme))
            .accessibilityHidden(true)
    }
}
