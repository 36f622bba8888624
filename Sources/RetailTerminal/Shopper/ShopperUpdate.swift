import FlowCore
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation

/// The shopper app's update function: pure (state and message in, state and effects out),
/// so every key, every answer and their order is testable without a terminal or a backend.
public enum ShopperUpdate {
    public static func update(_ state: inout ShopperState, _ message: ShopperMessage) -> [ShopperEffect] {
        state.needsFrame = true
        switch message {
        case .input(let event):
            state.hasInputSinceNextPage = true
            return input(event, in: &state)
        case .presented(let needsAnotherFrame):
            state.needsFrame = needsAnotherFrame
            return nextPageIfDue(in: &state)
        case .pageChanged(let id, var snapshot):
            snapshot.carryAttempts(from: state.pages[id])
            state.pages[id] = snapshot
            if let seenRefreshing = state.askedRefreshes[id] {
                if snapshot.isRefreshing {
                    state.askedRefreshes[id] = true
                } else {
                    // Done, or never begun (the store had nothing to refresh): either way the
                    // ask is answered, and no later refresh is taken for it.
                    state.askedRefreshes[id] = nil
                    // A failure says so itself (`Notice.refreshFailed`).
                    if seenRefreshing, snapshot.refreshError == nil { return [.showToast(Notice.refreshed(words: state.words).text)] }
                }
            }
        case .navigated(let destinations):
            return navigated(destinations, in: &state)
        case .cartChanged(let cart):
            state.cartSheet.update(cart)
        case .suggestionsChanged(let suggestions):
            state.search.update(suggestions)
        case .toastChanged(let toast):
            state.toast = toast
        case .sheetsChanged(let sheets):
            if sheets.count != state.sheets.count, let index = state.shownPageIndex { state.stack[index].page.viewport.resetSheet() }
            state.sheets = sheets
        case .debug(let line):
            state.debugLog.append(line)
            if state.debugLog.count > ShopperState.debugLogLimit { state.debugLog.removeFirst(state.debugLog.count - ShopperState.debugLogLimit) }
            state.needsFrame = state.isDebug && state.showsPanel
        case .tick(let now):
            state.now = now
        case .resized:
            break
        case .contentChanged:
            // Every page on the stack, once, as `r` reads the one shown; unasked, so no
            // "Updated" follows (`askedRefreshes` holds the shopper's asks only).
            state.needsFrame = false
            var seen: Set<PageID> = []
            return state.stack.compactMap(\.destination.pageID).filter { seen.insert($0).inserted }.map { .refresh($0) }
        }
        return []
    }

    // MARK: - Frames and navigation

    /// The next page, as the shopper nears the end of the page on top: asked while the store is
    /// idle, which its answer (`.pageChanged`, loading) ends, so it is asked once.
    private static func nextPageIfDue(in state: inout ShopperState) -> [ShopperEffect] {
        guard state.isPageOnTop, let index = state.shownPageIndex, let id = state.stack[index].destination.pageID,
            state.stack[index].page.viewport.isNearEnd, let snapshot = state.pages[id], snapshot.page != nil,
            snapshot.hasMorePages, snapshot.nextPage == .idle, !snapshot.isRefreshing
        else { return [] }
        defer { state.hasInputSinceNextPage = false }
        return [.loadNextPage(id, askedByShopper: state.hasInputSinceNextPage)]
    }

    private static func navigated(_ destinations: [Destination], in state: inout ShopperState) -> [ShopperEffect] {
        guard !destinations.isEmpty else { return [] }
        let wasTop = state.top.destination
        var screens: [ShopperScreen] = []
        var isTopKept = false
        for (index, destination) in destinations.enumerated() {
            // A screen still at its place keeps its scroll and focus: back returns to them.
            if index < state.stack.count, state.stack[index].destination == destination, screens.count == index {
                screens.append(state.stack[index])
                isTopKept = index == destinations.count - 1
            } else {
                screens.append(ShopperScreen(destination: destination))
            }
        }
        state.stack = screens
        state.showsHelp = false
        let top = state.top.destination
        guard top != wasTop else { return [] }
        switch top {
        case .link:
            return [.back, .showToast(Notice.linkNoScreen(words: state.words).text)]
        case .search(let query):
            return [.search(state.search.opened(with: query, isReturn: isTopKept))]
        case .cart:
            // A cart the server's answer did not give (a failure, an unreadable answer): the
            // sheet says so, and opening it asks again.
            return state.cartSheet.opened().map { [.cart($0)] } ?? []
        case .page:
            break
        }
        return []
    }

    // MARK: - Input

    private static func input(_ event: InputEvent, in state: inout ShopperState) -> [ShopperEffect] {
        if case .key(.ctrl("c"), _) = event {
            state.isQuitting = true
            return [.quit]
        }
        if state.showsHelp {
            if case .mouse(let mouse) = event, mouse.action != .press { return [] }
            state.showsHelp = false
            return []
        }
        if case .mouse(let mouse) = event, mouse.action == .press, mouse.button == 0,
            state.hintPlace?.contains(x: mouse.x, y: mouse.y) == true {
            state.showsHelp = true
            return []
        }
        switch state.top.destination {
        case .search: return searchInput(event, in: &state)
        case .cart: return cartInput(event, in: &state)
        case .link: return [.back]
        case .page: return ShellInput.from(event).flatMap { pageInput($0, in: &state) }
        }
    }

    private static func pageInput(_ input: ShellInput, in state: inout ShopperState) -> [ShopperEffect] {
        guard let index = state.shownPageIndex, let pageID = state.stack[index].destination.pageID else { return [] }
        if let pageInput = input.pageInput {
            let intents = state.stack[index].page.update(pageInput, hasSheet: !state.sheets.isEmpty)
            return intents.flatMap { intent(_: $0, pageID: pageID, in: &state) }
        }
        guard case .command(let command) = input else {
            state.needsFrame = false
            return []
        }
        switch command {
        case .search:
            return [.open(.search(query: nil))]
        case .refresh:
            // A second `r` while one runs is the same ask, not a new one not yet begun.
            if state.askedRefreshes[pageID] == nil { state.askedRefreshes[pageID] = false }
            return [.refresh(pageID)]
        case .cart:
            return [.open(.cart)]
        case .help:
            state.showsHelp = true
        case .togglePanel:
            if state.isDebug { state.showsPanel.toggle() } else { state.needsFrame = false }
        case .quit:
            state.isQuitting = true
            return [.quit]
        case .browse, .activate, .addToCart, .back, .step:
            break
        }
        return []
    }

    /// What the app does for what the page screen asks.
    private static func intent(_ intent: PageIntent, pageID: PageID, in state: inout ShopperState) -> [ShopperEffect] {
        switch intent {
        case .fire(let fired): return [.perform(fired, pageID: pageID)]
        case .retry: return [.retry(pageID)]
        case .dismissSheet: return [.dismissSheet]
        case .dismissToast: return [.dismissToast]
        case .missingAction(_, let widget): return [.showToast(Notice.cantAdd(widget, marks: state.cart.marks, words: state.words).text)]
        case .step(let widgetID, let delta):
            return [.stepWidget(pageID: pageID, widgetID: widgetID, delta: delta)]
        case .back:
            if state.stack.count > 1 { return [.back] }
            if state.toast != nil { return [.dismissToast] }
            state.needsFrame = false
            return []
        }
    }
}
