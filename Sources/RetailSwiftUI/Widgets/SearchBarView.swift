import FlowCore
import FlowPresentation
import FlowRuntime
import FlowSwiftUI
import Foundation
import RetailKit
import RetailPresentation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// `search_bar`: a field-like button that opens search (its `tap` is `open_search`).
public struct SearchBarView: FlowWidgetView {
    let content: SearchBarContent
    public var elements: [AccessibilityElement] = []
    @Environment(\.locale) private var locale
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    public init(content: SearchBarContent, context: WidgetContext) {
        self.content = content
    }

    public var body: some View {
        HStack(spacing: 8) {
            Image(systemName: "magnifyingglass")
            Text(verbatim: content.placeholder.map { SafeText.cleaned($0, keepingNewlines: false) } ?? locale.shopperWords[.searchPlaceholder])
            Spacer(minLength: 0)
        }
        .flowFont(size: 16)
        .foregroundStyle(theme.color("text.secondary", for: systemScheme))
        .padding(EdgeInsets(top: 10, leading: 12, bottom: 10, trailing: 12))
        .background(theme.color("surface", for: systemScheme))
        .clipShape(Capsule(style: .continuous))
        .padding(EdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
    }
}
