import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// One widget as the registry makes it: its view, its fallback's, a labelled placeholder for
/// an unknown or malformed one when the policy says so (`UnknownWidgetPolicy`), or nothing.
struct WidgetSlot: View {
    private enum Source {
        case resolved(ResolvedWidget)
        /// Resolved when drawn, for the client in the environment.
        case nested(WidgetModel)
    }

    private let source: Source
    let registry: WidgetRegistry<AnyView>
    let sectionID: String?
    let position: Int

    @Environment(\.flowClient) private var client
    @Environment(\.flowExpiry) private var expiry
    @Environment(\.flowTheme) private var theme
    @Environment(\.flowWords) private var words
    @Environment(\.colorScheme) private var systemScheme

    init(resolved: ResolvedWidget, registry: WidgetRegistry<AnyView>, sectionID: String?, position: Int) {
        source = .resolved(resolved)
        self.registry = registry
        self.sectionID = sectionID
        self.position = position
    }

    /// A nested widget (an accordion item), resolved like its parent's siblings.
    init(widget: WidgetModel, registry: WidgetRegistry<AnyView>, sectionID: String?, position: Int) {
        source = .nested(widget)
        self.registry = registry
        self.sectionID = sectionID
        self.position = position
    }

    private var target: ResolvedWidget {
        switch source {
        case .resolved(let resolved): resolved
        case .nested(let widget): widget.resolve(in: .flow(client: client, expiry: expiry))
        }
    }

    var body: some View {
        switch registry.rendering(for: target, sectionID: sectionID, position: position) {
        case .view(let view):
            view
        case .placeholder(let placeholder):
            Text(verbatim: SafeText.cleaned(placeholder.label(words), keepingNewlines: false))
                .flowFont(size: 12)
                .foregroundStyle(theme.color("text.secondary", for: systemScheme))
                .padding(EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
                .border(theme.color("separator", for: systemScheme), width: 1)
        case .skip:
            EmptyView()
        }
    }
}
