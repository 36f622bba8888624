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

/// `category_tile`: a category's picture or icon over its name (a tile of a grid).
public struct CategoryTileView: FlowWidgetView {
    let content: CategoryTileContent
    public var elements: [AccessibilityElement] = []

    public init(content: CategoryTileContent, context: WidgetContext) {
        self.content = content
    }

    public var body: some View {
        VStack(alignment: .center, spacing: 6) {
            if let image = content.image {
                RemoteImage(image: image)
            } else if let icon = content.icon {
                IconView(icon: icon).frame(height: 48)
            }
            FlowText(text: content.title, base: ResolvedFont(size: 14, weight: .medium))
        }
    }
}
