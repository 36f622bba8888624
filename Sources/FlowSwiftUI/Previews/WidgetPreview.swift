import FlowCore
import FlowRuntime
import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// A widget payload drawn as a page section would draw it, with `registry`: what the
/// previews show. A fixture that does not decode shows why.
public struct WidgetPreview: View {
    let fixture: PreviewFixtures.Fixture
    let registry: WidgetRegistry<AnyView>

    public init(_ fixture: PreviewFixtures.Fixture, registry: WidgetRegistry<AnyView>) {
        self.fixture = fixture
        self.registry = registry
    }

    public var body: some View {
        let decoder = PageDecoder(catalog: registry.catalog, makeRequestID: { "preview" })
        let client = ClientContext(appVersion: AppVersion(major: 99))
        switch Result(catching: { try decoder.decodePage(PreviewFixtures.page([fixture])).page }) {
        case .success(let page):
            if let section = page.resolve(in: .flow(client: client, expiry: nil)).sections.first {
                SectionView(section: section, registry: registry)
                    .environment(\.flowRegistry, registry)
                    .environment(\.flowClient, client)
            }
        case .failure(let error):
            Text(verbatim: String(describing: error))
        }
    }
}

/// Every starter widget from its fixture, in Xcode's canvas (a `PreviewProvider`, which also
/// type-checks on Linux; the `#Preview`s below are compiled only where SwiftUI exists).
struct StarterWidgetPreviews: PreviewProvider {
    static var previews: some View {
        ForEach(PreviewFixtures.starter, id: \.type) { fixture in
            WidgetPreview(fixture, registry: StarterViews.makeRegistry(unknownWidgetPolicy: .placeholder))
                .padding(EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))
                .previewDisplayName(fixture.type)
        }
    }
}

#if canImport(SwiftUI)
#Preview("title_block") { WidgetPreview(PreviewFixtures.starter[0], registry: StarterViews.makeRegistry()) }
#Preview("image_text_card") { WidgetPreview(PreviewFixtures.starter[1], registry: StarterViews.makeRegistry()) }
#Preview("banner") { WidgetPreview(PreviewFixtures.starter[2], registry: StarterViews.makeRegistry()) }
#Preview("button_row") { WidgetPreview(PreviewFixtures.starter[3], registry: StarterViews.makeRegistry()) }
#Preview("tag_rail") { WidgetPreview(PreviewFixtures.starter[4], registry: StarterViews.makeRegistry()) }
#Preview("stepper_row") { WidgetPreview(PreviewFixtures.starter[5], registry: StarterViews.makeRegistry()) }
#Preview("accordion") { WidgetPreview(PreviewFixtures.starter[6], registry: StarterViews.makeRegistry()) }
#Preview("separator") { WidgetPreview(PreviewFixtures.starter[7], registry: StarterViews.makeRegistry()) }
#endif
