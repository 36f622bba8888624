import RetailKit
import RetailSwiftUI
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The example app: the shopper's app on the demo shop inside it, or on a `vitrine serve`
/// backend chosen on its settings screen.
struct VitrineShopApp: App {
    @State private var session = ShopSession()

    var body: some Scene {
        WindowGroup {
            RootView(session: session)
        }
    }
}

/// The shop the user chose last (the demo shop the first time); the settings screen while none
/// is open.
struct RootView: View {
    let session: ShopSession

    var body: some View {
        if let composition = session.composition {
            ShopperRootView(composition: composition)
                .overlay(alignment: .bottomTrailing) {
                    Button(action: session.disconnect) { Image(systemName: "server.rack") }
                        .accessibilityLabel(Text(verbatim: "Choose the shop"))
                        .padding(EdgeInsets(top: 0, leading: 0, bottom: 80, trailing: 16))
                }
        } else {
            ConnectionView(session: session)
                .onAppear { Task { await session.resume() } }
        }
    }
}
