import FlowCore
import FlowPresentation
import FlowSwiftUI
import Foundation
import RetailKit
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The cart, as the terminal's sheet has it: each line with its title, its quantity between
/// `−` and `+` (through the cart, optimistic, rolled back when refused), its total, its unit
/// price and what the server has not confirmed of it (adding, updating, removing, or a change
/// waiting to be sent again); a line being removed stays, struck, until the server answers,
/// then the sheet offers to put it back (Undo); the subtotal; and what comes next in this app
/// (no checkout here, said plainly). The rules are RetailKit's (`CartStore.shownLines`,
/// `CartRemoval`, `RetailLimits.quantity(_:steppedBy:)`, `CartLineReading`), so both
/// renderers decide alike.
struct CartSheetView: View {
    let cart: CartStore
    /// The line last removed here, offered back once the server has taken it out.
    @State private var lastRemoval: CartRemoval?
    @Environment(\.locale) private var locale
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    var body: some View {
        let words = Copy<ShopperWord>(AppLocale(identifier: locale.identifier))
        let phrases = RetailPhrases(AccessibilityPhrases(locale: locale))
        let secondary = theme.color("text.secondary", for: systemScheme)
        let primary = theme.color("text.primary", for: systemScheme)
        let shown = cart.shownLines
        let removal = lastRemoval.flatMap { $0.isDone(amid: shown.map(\.line.productID)) ? $0 : nil }
        return ScrollView(.vertical) {
            VStack(alignment: .leading, spacing: 12) {
                Text(verbatim: words[.cartTitle]).flowFont(size: 22, weight: .bold).accessibilityAddTraits(.isHeader)
                if shown.isEmpty {
                    Text(verbatim: emptyText(words)).flowFont(size: 16).foregroundStyle(secondary)
                }
                ForEach(Array(shown.enumerated()), id: \.element.identity) { position, line in
                    row(line, at: position, words: words, phrases: phrases, primary: primary, secondary: secondary)
                }
                if let removal {
                    HStack(spacing: 8) {
                        Text(verbatim: words(.removed, ["title": title(of: removal.title, productID: removal.productID, words: words)]))
                            .flowFont(size: 14).foregroundStyle(secondary)
                        Spacer(minLength: 8)
                        Button(action: { undo(removal) }) { Text(verbatim: Self.capitalisedFirst(words[.undoAction], locale: locale)) }
                    }
                }
                if let subtotal = cart.shownSubtotal, !shown.isEmpty {
                    HStack(spacing: 8) {
                        Text(verbatim: phrases.subtotal).flowFont(size: 16, weight: .semibold)
                        Spacer(minLength: 8)
                        Text(verbatim: PriceFormat.string(subtotal, locale: locale)).flowFont(size: 16, weight: .semibold)
                    }
                    .foregroundStyle(primary)
                    .accessibilityElement(children: .combine)
                }
                if !shown.isEmpty {
                    Text(verbatim: words[.checkoutNote]).flowFont(size: 14).foregroundStyle(secondary)
                }
            }
            .padding(EdgeInsets(top: 24, leading: 16, bottom: 24, trailing: 16))
        }
        .background(theme.color("background", for: systemScheme))
        // A removal the server refused, or a line put back another way, is no longer one to
        // undo (the terminal forgets it alike): later, gone again, it would offer it back.
        .onChange(of: cart.lines, initial: false) { _, lines in
            if let lastRemoval, !lastRemoval.isDone(amid: lines.map(\.productID)) { self.lastRemoval = nil }
        }
    }

    /// `Title              − 2 +   $183.98` over `$91.99 each · updating…`, and the trash.
    private func row(
        _ shown: CartStore.ShownLine, at position: Int, words: Copy<ShopperWord>, phrases: RetailPhrases, primary: Color, secondary: Color
    ) -> some View {
        let line = shown.line
        let reading = reading(shown)
        let removing = shown.pending == .removing
        let status = CartStore.ShownLine.Pending.word(for: shown.pending, isRetrying: cart.isRetrying).map { words[$0] }
        let each = line.unitPrice.map { words(.eachPrice, ["price": PriceFormat.string($0, locale: locale)]) }
        let detail = (status == words[.retryingLine] ? [status, each] : [each, status]).compactMap { $0 }.joined(separator: " · ")
        return HStack(spacing: 8) {
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: title(of: line.title, productID: line.productID, words: words))
                    .strikethrough(removing)
                    .flowFont(size: 16, weight: .semibold)
                    .lineLimit(2)
                if !detail.isEmpty { Text(verbatim: detail).flowFont(size: 13).foregroundStyle(secondary) }
            }
            Spacer(minLength: 8)
            Button(action: { step(line, to: reading.decreased) }) { Text(verbatim: "−") }
                .disabled(reading.decreased == nil)
            Text(verbatim: line.quantity.formatted(.number.locale(locale))).flowFont(size: 16, weight: .bold)
            Button(action: { step(line, to: reading.increased) }) { Text(verbatim: "+") }
                .disabled(reading.increased == nil)
            if let total = line.total {
                Text(verbatim: PriceFormat.string(total, locale: locale)).flowFont(size: 16, weight: .semibold)
            }
            Button(action: { remove(line, at: position) }) { Image(systemName: "trash") }
                .accessibilityLabel(Text(verbatim: phrases.remove))
                .disabled(cart.isPending(line.productID))
        }
        .foregroundStyle(removing ? secondary : primary)
        .modifier(CartLineElement(
            reading: reading, remove: { remove(line, at: position) }, step: { step(line, to: $0) }))
    }

    private func emptyText(_ words: Copy<ShopperWord>) -> String {
        if cart.canonical == nil, cart.lastError != nil { return words[.cartUnavailable] }
        if cart.canonical == nil, cart.activity != .idle { return words[.cartLoading] }
        return words[.cartEmpty]
    }

    private func title(of title: String?, productID: String, words: Copy<ShopperWord>) -> String {
        title.map { SafeText.cleaned($0, keepingNewlines: false) } ?? words[.kindProduct]
    }

    private func step(_ line: CartSnapshot.Line, to quantity: Int?) {
        guard let quantity else { return }
        cart.setQuantity(productID: line.productID, quantity: quantity)
    }

    private func remove(_ line: CartSnapshot.Line, at position: Int) {
        lastRemoval = CartRemoval(line, shownAt: position, beingRemoved: cart.shownLines.map { $0.pending == .removing })
        cart.remove(productID: line.productID)
    }

    private func undo(_ removal: CartRemoval) {
        lastRemoval = nil
        cart.restore(removal)
    }

    /// "undo" as a button says it: "Undo", "Rückgängig", "Annuler".
    static func capitalisedFirst(_ text: String, locale: Locale) -> String {
        guard let first = text.first else { return text }
        return String(first).uppercased(with: locale) + text.dropFirst()
    }
}

extension CartSheetView {
    /// How `shown` reads (`CartLineReading`): a double-tap never removes it.
    func reading(_ shown: CartStore.ShownLine) -> CartLineReading {
        CartLineReading(shown: shown, isPending: cart.isPending(shown.line.productID), isRetrying: cart.isRetrying, locale: locale)
    }
}

/// A cart line as one VoiceOver element whose activation does nothing, whose removal is a
/// named action and whose quantity is adjustable (`CartLineReading`); `children: .combine`
/// would take the row's first button as its activation.
private struct CartLineElement: ViewModifier {
    let reading: CartLineReading
    let remove: @MainActor () -> Void
    let step: @MainActor (Int?) -> Void

    func body(content: Content) -> some View {
        content
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: reading.label))
            .accessibilityAdjustableAction { direction in
                switch direction {
                case .increment: step(reading.increased)
                case .decrement: step(reading.decreased)
                @unknown default: break
                }
            }
            .accessibilityActions {
                if let name = reading.removeAction {
                    Button(action: remove) { Text(verbatim: name) }
                }
            }
    }
}

extension CartStore.ShownLine {
    /// The line's identity in a list: its product id by its bytes (two ids that read alike
    /// are two lines; `String` equality would make them one).
    fileprivate var identity: ExactString { ExactString(line.productID) }
}
