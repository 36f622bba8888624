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
/// dispatcher, disabled when the payload says so, and the VoiceOver element the catalogue
/// gave it (`element`; nil when the widget reads as one element and the button is inside it).
public struct ButtonAtomView: View {
    let button: ButtonData
    let widgetID: String
    let sectionID: String?
    var element: AccessibilityElement?

    @Environment(\.flowActions) private var actions
    @Environment(\.colorScheme) private var systemScheme
    @Environment(\.flowTheme) private var theme

    /// `element`: the button's own VoiceOver element, when the widget reads as several.
    public init(button: ButtonData, widgetID: String, sectionID: String?, element: AccessibilityElement? = nil) {
        self.button = button
        self.widgetID = widgetID
        self.sectionID = sectionID
        self.element = element
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
        if let element {
            return AnyView(control.flowAccessibilityElement(element, perform: perform))
        }
        return AnyView(control)
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

    /// What VoiceOver asked of the button's element: its own action (`request.button`).
    private func perform(_ activation: AccessibilityElement.Activation) {
        actions?.perform(activation, widgetID: widgetID, widget: nil, sectionID: sectionID)
    }
}

/// A payload tag (`TagData`): a capsule of text, a button when it carries an action.
public struct TagAtomView: View {
    let tag: TagData
    let widgetID: String
    let sectionID: String?
    var element: AccessibilityElement?

    @Environment(\.flowActions) private var actions
    @Environment(\.colorScheme) private var systemScheme
    @Environment(\.flowTheme) private var theme

    public init(tag: TagData, widgetID: String, sectionID: String?, element: AccessibilityElement? = nil) {
        self.tag = tag
        self.widgetID = widgetID
        self.sectionID = sectionID
        self.element = element
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
        if let element {
            return AnyView(chip.flowAccessibilityElement(element, perform: perform))
        }
        return AnyView(chip)
    }

    /// What VoiceOver asked of the tag's element: its own action (`request.tag`).
    private func perform(_ activation: AccessibilityElement.Activation) {
        actions?.perform(activation, widgetID: widgetID, widget: nil, sectionID: sectionID)
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
