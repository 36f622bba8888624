import FlowCore
import FlowTerminal
import RetailKit
import RetailPresentation

/// The cart sheet's keys, on RetailPresentation's `CartSheet`: ↑↓ choose a line, `+` and `-`
/// change its quantity (through the cart, optimistic, rolled back when refused), `x` or Delete
/// removes it (shown as being removed until the server answers), `u` puts the removed line
/// back, Enter opens the product. Enter never removes anything.
extension ShopperUpdate {
    static func cartInput(_ event: InputEvent, in state: inout ShopperState) -> [ShopperEffect] {
        func asked(_ intent: CartIntent?) -> [ShopperEffect] {
            guard let intent else {
                state.needsFrame = false
                return []
            }
            return [.cart(intent)]
        }
        switch event {
        case .text("+"), .text("="): return asked(state.cartSheet.step(1))
        case .text("-"), .text("_"): return asked(state.cartSheet.step(-1))
        case .text("x"), .key(.delete, _): return asked(state.cartSheet.removeSelected())
        case .text("u"): return asked(state.cartSheet.undo())
        case .mouse(let mouse): return cartMouse(mouse, in: &state)
        default: break
        }
        switch ShellKeyMap.command(for: event) {
        case .browse(.down)?, .browse(.next)?: state.cartSheet.select(.down)
        case .browse(.up)?, .browse(.previous)?: state.cartSheet.select(.up)
        case .browse(.top)?: state.cartSheet.select(.top)
        case .browse(.bottom)?: state.cartSheet.select(.bottom)
        case .activate?: return asked(state.cartSheet.openSelected())
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
        switch mouse.action {
        case .wheelDown: state.cartSheet.select(.down)
        case .wheelUp: state.cartSheet.select(.up)
        case .press where mouse.button == 0:
            switch state.cartSheetPlaces.target(x: mouse.x, y: mouse.y) {
            case .line(let index)?:
                state.cartSheet.select(.to(index))
            case .step(let index, let delta)?:
                state.cartSheet.select(.to(index))
                return state.cartSheet.step(delta).map { [.cart($0)] } ?? []
            case nil:
                if !state.cartSheetPlaces.rect.contains(x: mouse.x, y: mouse.y) { return [.back] }
                state.needsFrame = false
            }
        default:
            state.needsFrame = false
        }
        return []
    }
}
