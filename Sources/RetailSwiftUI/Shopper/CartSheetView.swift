import FlowPresentation
import FlowSwiftUI
import Foundation
import RetailKit
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The cart: each line (title, quantity, price in the shopper's locale, pending while its
/// operation is being sent) with a remove button, and the subtotal.
struct CartSheetView: View {
    let cart: CartStore
    @Environment(\.locale) private var locale

    var body: some View {
        let phrases = RetailPhrases(AccessibilityPhrases(locale: locale))
        return ScrollView(.vertical) {
            VStack(alignment: .leading, spacing: 12) {
                Text(verbatim: phrases.cart).font(.system(size: 22, weight: .bold)).accessibilityAddTraits(.isHeader)
                if cart.lines.isEmpty {
                    Text(verbatim: phrases.emptyCart).foregroundStyle(Color.secondary)
                }
                ForEach(Array(cart.lines.enumerated()), id: \.offset) { _, line in
                    HStack(spacing: 8) {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(verbatim: SafeText.cleaned(line.title ?? line.productID, keepingNewlines: false))
                            Text(verbatim: "× \(line.quantity)").foregroundStyle(Color.secondary)
                        }
                        Spacer(minLength: 8)
                        if let price = line.unitPrice { Text(verbatim: PriceFormat.string(price, locale: locale)) }
                        Button(action: { cart.remove(productID: line.productID) }) { Image(systemName: "trash") }
                            .accessibilityLabel(Text(verbatim: phrases.remove))
                            .disabled(cart.isPending(line.productID))
                    }
                    .accessibilityElement(children: .combine)
                }
            }
            .padding(EdgeInsets(top: 24, leading: 16, bottom: 24, trailing: 16))
        }
    }
}
