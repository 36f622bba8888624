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
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    var body: some View {
        let phrases = RetailPhrases(AccessibilityPhrases(locale: locale))
        let secondary = theme.color("text.secondary", for: systemScheme)
        return ScrollView(.vertical) {
            VStack(alignment: .leading, spacing: 12) {
                Text(verbatim: phrases.cart).flowFont(size: 22, weight: .bold).accessibilityAddTraits(.isHeader)
                if cart.lines.isEmpty {
                    Text(verbatim: phrases.emptyCart).flowFont(size: 16).foregroundStyle(secondary)
                }
                ForEach(Array(cart.lines.enumerated()), id: \.offset) { _, line in
                    HStack(spacing: 8) {
                        VStack(alignment: .leading, spacing: 2) {
                            Text(verbatim: SafeText.cleaned(line.title ?? line.productID, keepingNewlines: false)).flowFont(size: 16)
                            Text(verbatim: "× \(line.quantity)").flowFont(size: 14).foregroundStyle(secondary)
                        }
                        Spacer(minLength: 8)
                        if let price = line.unitPrice { Text(verbatim: PriceFormat.string(price, locale: locale)).flowFont(size: 16) }
                        Button(action: { cart.remove(productID: line.productID) }) { Image(systemName: "trash") }
                            .accessibilityLabel(Text(verbatim: phrases.remove))
                            .disabled(cart.isPending(line.productID))
                    }
                    .foregroundStyle(theme.color("text.primary", for: systemScheme))
                    .modifier(CartLineElement(reading: reading(line), remove: { cart.remove(productID: line.productID) }))
                }
                if let subtotal = cart.shownSubtotal {
                    HStack(spacing: 8) {
                        Text(verbatim: phrases.subtotal).flowFont(size: 16, weight: .semibold)
                        Spacer(minLength: 8)
                        Text(verbatim: PriceFormat.string(subtotal, locale: locale)).flowFont(size: 16, weight: .semibold)
                    }
                    .foregroundStyle(theme.color("text.primary", for: systemScheme))
                    .accessibilityElement(children: .combine)
                }
            }
            .padding(EdgeInsets(top: 24, leading: 16, bottom: 24, trailing: 16))
        }
        .background(theme.color("background", for: systemScheme))
    }
}

extension CartSheetView {
    /// How `line` reads (`CartLineReading`): a double-tap never removes it.
    func reading(_ line: CartSnapshot.Line) -> CartLineReading {
        CartLineReading(line: line, isPending: cart.isPending(line.productID), locale: locale)
    }
}

/// A cart line as one VoiceOver element whose activation does nothing and whose removal is
/// a named action (`CartLineReading`); `children: .combine` would take the row's one button,
/// the trash, as its activation.
private struct CartLineElement: ViewModifier {
    let reading: CartLineReading
    let remove: @MainActor () -> Void

    func body(content: Content) -> some View {
        content
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: reading.label))
            .accessibilityActions {
                if let name = reading.removeAction {
                    Button(action: remove) { Text(verbatim: name) }
                }
            }
    }
}
