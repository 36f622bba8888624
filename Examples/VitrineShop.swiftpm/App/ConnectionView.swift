import Foundation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// Where the backend is: `vitrine serve`'s URL (on a Mac: `http://localhost:8080` from the
/// Simulator; from a device, the Mac's address with `vitrine serve --host 0.0.0.0`).
struct ConnectionView: View {
    let session: ShopSession
    @State private var address = ""
    private static let placeholder = "http://localhost:8080"

    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text(verbatim: "Vitrine").font(.system(size: 34, weight: .bold)).accessibilityAddTraits(.isHeader)
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
