import RetailKit
import RetailSwiftUI
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The example app: a screen to set the `vitrine serve` URL, then the shopper's app on it.
struct VitrineShopApp: App {
    @State private var session = ShopSession()

    var body: some Scene {
        WindowGroup {
            RootView(session: session)
        }
    }
}

/// The connection screen until a backend is set, then the shop.
struct RootView: View {
    let session: ShopSession

    var body: some View {
        if let composition = session.composition {
            ShopperRootView(composition: composition)
                .overlay(alignment: .bottomTrailing) {
                    Button(action: session.disconnect) { Image(systemName: "server.rack") }
                        .accessibilityLabel(Text(verbatim: "Change backend"))
                        .padding(EdgeInsets(top: 0, leading: 0, bottom: 80, trailing: 16))
                }
        } else {
            ConnectionView(session: session)
        }
    }
}
