import FlowCore
import FlowTerminal
import RetailKit

/// The cart sheet's keys: ↑↓ choose a line, `+` and `-` change its quantity (through the cart,
/// optimistic, rolled back when refused), `x` or Delete removes it (shown as being removed
/// until the server answers), `u` puts the removed line back, Enter opens the product (by
/// closing the sheet when its page is right below). Enter never removes anything.
extension ShopperUpdate {
    static func cartInput(_ event: InputEvent, in state: inout ShopperState) -> [ShopperEffect] {
        let lines = state.cart.lines
        switch event {
        case .text("+"), .text("="): return changeQuantity(by: 1, in: &state)
        case .text("-"), .text("_"): return changeQuantity(by: -1, in: &state)
        case .text("x"), .key(.delete, _): return removeSelected(in: &state)
        case .text("u"): return undoRemoval(in: &state)
        case .mouse(let mouse): return cartMouse(mouse, in: &state)
        default: break
        }
        switch ShellKeyMap.command(for: event) {
        case .browse(.down)?, .browse(.next)?: state.cartSelection = min(max(0, lines.count - 1), state.cartSelection + 1)
        case .browse(.up)?, .browse(.previous)?: state.cartSelection = max(0, state.cartSelection - 1)
        case .browse(.top)?: state.cartSelection = 0
        case .browse(.bottom)?: state.cartSelection = max(0, lines.count - 1)
        case .activate?:
            guard let line = selectedLine(in: state) else { return [] }
            let product = Destination.page(PageID("product:" + line.productID))
            // The product's page right below the sheet is shown by closing the sheet: a second
            // copy on the stack would take a second Esc to leave.
            if state.stack.count > 1, state.stack[state.stack.count - 2].destination == product { return [.back] }
            return [.open(product)]
        case .back?, .cart?:
            return [.back]
        case .help?:
            state.showsHelp = true
        case .quit?:
            state.isQuitting = true
            return [.quit]
        default:
            state.needsFrame = false
        }
        return []
    }

    /// A click on a line chooses it, on its `−` or `+` changes its quantity too, outside the
    /// sheet closes it; the wheel moves the choice.
    private static func cartMouse(_ mouse: MouseEvent, in state: inout ShopperState) -> [ShopperEffect] {
        let last = max(0, state.cart.lines.count - 1)
        switch mouse.action {
        case .wheelDown: state.cartSelection = min(last, state.cartSelection + 1)
        case .wheelUp: state.cartSelection = max(0, state.cartSelection - 1)
        case .press where mouse.button == 0:
            switch state.cartSheet.target(x: mouse.x, y: mouse.y) {
            case .line(let index)?:
                state.cartSelection = min(last, index)
            case .step(let index, let delta)?:
                state.cartSelection = min(last, index)
                return changeQuantity(by: delta, in: &state)
            case nil:
                if !state.cartSheet.rect.contains(x: mouse.x, y: mouse.y) { return [.back] }
                state.needsFrame = false
            }
        default:
            state.needsFrame = false
        }
        return []
    }

    private static func selectedLine(in state: ShopperState) -> CartSummary.Line? {
        state.cart.lines.indices.contains(state.cartSelection) ? state.cart.lines[state.cartSelection] : nil
    }

    /// The selected line's quantity one up or down, within 1…99 (a line holding more, which a
    /// server may answer, comes down to 99); a line being removed stays.
    private static func changeQuantity(by delta: Int, in state: inout ShopperState) -> [ShopperEffect] {
        guard let line = selectedLine(in: state), line.pending != .removing else { return [] }
        guard let wanted = RetailLimits.quantity(line.quantity, steppedBy: delta) else {
            state.needsFrame = false
            return []
        }
        return [.setQuantity(productID: line.productID, quantity: wanted)]
    }

    private static func removeSelected(in state: inout ShopperState) -> [ShopperEffect] {
        guard let line = selectedLine(in: state), line.pending != .removing else { return [] }
        state.lastRemoval = CartRemoval(
            CartSnapshot.Line(productID: line.productID, title: line.title, quantity: line.quantity, unitPrice: line.unitPrice),
            shownAt: state.cartSelection, beingRemoved: state.cart.lines.map { $0.pending == .removing })
        return [.removeFromCart(line.productID)]
    }

    /// Puts the last removed line back, unless the product is in the cart again already.
    private static func undoRemoval(in state: inout ShopperState) -> [ShopperEffect] {
        guard let removal = state.lastRemoval else {
            state.needsFrame = false
            return []
        }
        state.lastRemoval = nil
        guard state.cart.quantity(of: removal.productID) == 0 else { return [] }
        return [.restore(removal)]
    }
}
