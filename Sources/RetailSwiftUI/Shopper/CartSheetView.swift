import FlowCore
import FlowPresentation
import FlowSwiftUI
import Foundation
import RetailKit
import RetailPresentation
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

/// The cart, as RetailPresentation's `CartSheet` says it (the terminal's sheet draws the same):
/// each line with its title, its quantity between `−` and `+`, its total, its unit price (and
/// the price before with what it saves) and what the server has not confirmed of it; a line
/// being removed stays, struck, until the server answers, then the sheet offers to put it back
/// (Undo); a product no longer sold says so; the subtotal; and what comes next in this app.
/// Every control is the model's intent, done by the app's services.
struct CartSheetView: View {
    let services: any ShopperScreenServices
    /// The sheet's own state (its chosen line, the removal to undo), the cart laid in anew at
    /// each change (`CartSheet.update`).
    @State private var sheet = CartSheet()
    @Environment(\.locale) private var locale
    @Environment(\.flowTheme) private var theme
    @Environment(\.colorScheme) private var systemScheme

    var body: some View {
        let words = locale.shopperWords
        let shown = Self.shown(sheet, cart: services.cartSummary, words: words)
        let secondary = theme.color("text.secondary", for: systemScheme)
        let primary = theme.color("text.primary", for: systemScheme)
        return ScrollView(.vertical) {
            VStack(alignment: .leading, spacing: 12) {
                Text(verbatim: shown.title).flowFont(size: 22, weight: .bold).accessibilityAddTraits(.isHeader)
                if let message = shown.message {
                    Text(verbatim: message).flowFont(size: 16).foregroundStyle(secondary)
                }
                ForEach(Array(shown.lines.enumerated()), id: \.element.identity) { position, line in
                    row(line, at: position, words: words, primary: primary, secondary: secondary)
                }
                if let removal = shown.removal {
                    HStack(spacing: 8) {
                        Text(verbatim: removal.text).flowFont(size: 14).foregroundStyle(secondary)
                        Spacer(minLength: 8)
                        Button(action: { perform { $0.undo() } }) { Text(verbatim: removal.undo) }
                    }
                }
                if let subtotal = shown.subtotal {
                    HStack(spacing: 8) {
                        Text(verbatim: shown.subtotalLabel).flowFont(size: 16, weight: .semibold)
                        Spacer(minLength: 8)
                        Text(verbatim: locale.shopperFormat.price(subtotal)).flowFont(size: 16, weight: .semibold)
                    }
                    .foregroundStyle(primary)
                    .accessibilityElement(children: .combine)
                }
                if let note = shown.checkoutNote {
                    Text(verbatim: note).flowFont(size: 14).foregroundStyle(secondary)
                }
            }
            .padding(EdgeInsets(top: 24, leading: 16, bottom: 24, trailing: 16))
        }
        .background(theme.color("background", for: systemScheme))
        .onChange(of: services.cartSummary, initial: true) { _, cart in sheet.update(cart) }
        // The cart as shown now is laid in first: whichever of these SwiftUI runs first, an
        // unreadable cart is asked for again.
        .onAppear { Self.run({ $0.opened() }, on: &sheet, services: services) }
    }

    /// `Title              − 2 +   $183.98` over `$91.99 each · updating…`, and the trash.
    private func row(
        _ line: CartSheetPresentation.Line, at position: Int, words: Words, primary: Color, secondary: Color
    ) -> some View {
        let detail = line.details.compactMap { $0.text(words: words) { locale.shopperFormat.price($0) } }.joined(separator: " · ")
        return HStack(spacing: 8) {
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: line.title)
                    .strikethrough(line.isBeingRemoved)
                    .flowFont(size: 16, weight: .semibold)
                    .lineLimit(2)
                if !detail.isEmpty { Text(verbatim: detail).flowFont(size: 13).foregroundStyle(secondary) }
                if let note = line.limitNote { Text(verbatim: note).flowFont(size: 13).foregroundStyle(secondary) }
            }
            Spacer(minLength: 8)
            Button(action: { step(position, -1) }) { Text(verbatim: "−") }
                .disabled(line.decreased == nil)
            Text(verbatim: locale.shopperFormat.number(line.quantity)).flowFont(size: 16, weight: .bold)
            Button(action: { step(position, 1) }) { Text(verbatim: "+") }
                .disabled(line.increased == nil)
            if let total = line.total {
                Text(verbatim: locale.shopperFormat.price(total)).flowFont(size: 16, weight: .semibold)
            } else if let beyond = line.totalBeyond {
                Text(verbatim: (beyond.amount < 0 ? "< " : "> ") + locale.shopperFormat.price(beyond)).flowFont(size: 16, weight: .semibold)
            }
            Button(action: { remove(position) }) { Image(systemName: "trash") }
                .accessibilityLabel(Text(verbatim: words[.removeTitle]))
                .disabled(line.reading.removeAction == nil)
        }
        .foregroundStyle(line.isBeingRemoved || !line.isAvailable ? secondary : primary)
        .modifier(CartLineElement(reading: line.reading, remove: { remove(position) }, step: { step(position, $0 > 0 ? 1 : -1) }))
    }

    /// Runs a rule of the sheet on the cart as shown now and does what it asks.
    private func perform(_ rule: (inout CartSheet) -> CartIntent?) {
        Self.run(rule, on: &sheet, services: services)
    }

    /// What the sheet draws: `sheet` over the cart as shown now, in `words`.
    static func shown(_ sheet: CartSheet, cart: CartSummary, words: Words) -> CartSheetPresentation {
        var current = sheet
        current.update(cart)
        return current.presentation(words: words)
    }

    /// A control: `rule` run on `sheet` over the services' cart as shown now, and its intent
    /// done by the services.
    static func run(_ rule: (inout CartSheet) -> CartIntent?, on sheet: inout CartSheet, services: any ShopperScreenServices) {
        sheet.update(services.cartSummary)
        if let intent = rule(&sheet) { services.perform(intent) }
    }

    private func step(_ position: Int, _ delta: Int) {
        perform(Self.step(position, delta))
    }

    private func remove(_ position: Int) {
        perform(Self.remove(position))
    }

    /// The rule of a line's `+` (`delta` 1) or `−` (-1).
    static func step(_ position: Int, _ delta: Int) -> (inout CartSheet) -> CartIntent? {
        { sheet in
            sheet.select(.to(position))
            return sheet.step(delta)
        }
    }

    /// The rule of a line's trash button.
    static func remove(_ position: Int) -> (inout CartSheet) -> CartIntent? {
        { sheet in
            sheet.select(.to(position))
            return sheet.removeSelected()
        }
    }
}

/// A cart line as one VoiceOver element whose activation does nothing, whose removal is a
/// named action and whose quantity is adjustable (`CartLineReading`); `children: .combine`
/// would take the row's first button as its activation.
private struct CartLineElement: ViewModifier {
    let reading: CartLineReading
    let remove: @MainActor () -> Void
    /// Steps the quantity by the sign of its argument.
    let step: @MainActor (Int) -> Void

    func body(content: Content) -> some View {
        content
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: reading.label))
            .accessibilityAdjustableAction { direction in
                switch direction {
                case .increment: if reading.increased != nil { step(1) }
                case .decrement: if reading.decreased != nil { step(-1) }
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

extension CartSheetPresentation.Line {
    /// The line's identity in a list: its product id by its bytes (two ids that read alike
    /// are two lines; `String` equality would make them one).
    fileprivate var identity: ExactString { ExactString(productID) }
}
