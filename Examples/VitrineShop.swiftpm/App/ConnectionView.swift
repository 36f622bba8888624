import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// Which shop the app shows: the demo shop inside the app (the default, nothing else needed),
/// or a `vitrine serve` backend at a URL (on a Mac: `http://localhost:8080` from the
/// Simulator; from a device, the Mac's address with `vitrine serve --host 0.0.0.0`).
struct ConnectionView: View {
    let session: ShopSession
    @State private var address = ""
    private static let placeholder = "http://localhost:8080"

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text(verbatim: "Vitrine").font(.system(size: 34, weight: .bold)).accessibilityAddTraits(.isHeader)
            Text(verbatim: "Demo shop").font(.system(size: 20, weight: .semibold)).accessibilityAddTraits(.isHeader)
            Text(verbatim: "The shop inside the app: its pages, pictures, cart and search, with no backend.")
            Button(action: { Task { await session.openDemo() } }) { Text(verbatim: "Open the demo shop") }
            Text(verbatim: "Your backend").font(.system(size: 20, weight: .semibold)).accessibilityAddTraits(.isHeader)
                .padding(EdgeInsets(top: 16, leading: 0, bottom: 0, trailing: 0))
            Text(verbatim: "The URL of vitrine serve")
            // An address, not a localization key: a String, which SwiftUI shows as it is.
            TextField(Self.placeholder, text: $address)
                .padding(EdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12))
                .border(Color.secondary, width: 1)
            Button(action: { Task { await session.connect(to: address) } }) { Text(verbatim: "Open the shop") }
            if let problem = session.problem {
                Text(verbatim: problem).foregroundStyle(Color.red)
            }
            Spacer(minLength: 0)
        }
        .padding(EdgeInsets(top: 48, leading: 24, bottom: 24, trailing: 24))
        .onAppear { if address.isEmpty { address = session.backendAddress } }
    }
}
