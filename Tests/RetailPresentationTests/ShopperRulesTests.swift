import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
import RetailKit
@testable import RetailPresentation
import Testing

/// The rules the terminal and SwiftUI apps share, each decided once here, on the models both
/// renderers draw, so the two apps cannot decide them apart.
@Suite struct ShopperRulesTests {
    let words = Words(.enUS)

    // MARK: A page that is gone

    /// 404 and 410 say the page (or the product) is not available, and offer no retry: trying
    /// again would not help. Any other failure offers one, in the shopper's words, never the
    /// developer's message.
    @Test func aPageThatIsGoneSaysSoWithNoRetry() throws {
        let gone = PageStatus.Load(state: .failed(message: "HTTP 404 not_found"), isGone: true)
        let product = try #require(ShopperPageStatus.status(of: gone, pageID: PageID("product:p-9"), words: words))
        #expect(product.kind == .gone)
        #expect(product.retry == nil)
        #expect(product.title == words[.productGone])
        let page = try #require(ShopperPageStatus.status(of: gone, pageID: PageID("campaign:c"), words: words))
        #expect(page.title == words[EngineWord.goneTitle])
        let failed = try #require(ShopperPageStatus.status(of: PageStatus.Load(state: .failed(message: "HTTP 503 storage")), pageID: .home, words: words))
        #expect(failed.kind == .failed && failed.retry == words[EngineWord.retry])
        #expect(failed.detail == words[EngineWord.loadFailedDetail], "the shopper's words, not the developer's message")
        #expect(!(failed.detail ?? "").contains("503"))
    }

    /// The status a SwiftUI page asks for reads the store's error as the terminal's snapshot does.
    @MainActor
    @Test func aStoreWhoseLoadWasAnswered404IsGone() async throws {
        struct Gone: PageLoader {
            func loadPage(_ request: PageRequest) async throws -> Data {
                throw HomeAPIError.status(410, code: "gone", message: "no such product", retryAfter: nil)
            }
        }
        let store = PageStore(pageID: "product:p-9", loader: Gone(), decoder: PageDecoder(catalog: VitrineApp.makeWidgetCatalog()))
        await store.refreshAndWait()
        let status = ShopperPageStatus.status(of: store, load: PageStatus.Load(state: store.state), words: words)
        #expect(status?.kind == .gone)
        #expect(PageSnapshot(store: store).load.isGone)
    }

    // MARK: Tries so far

    /// A failure, a retry, a failure again: "Tried 2 times.", and while the retry runs the
    /// failure stays with its button saying so.
    @Test func retriesAreCountedAndSaid() throws {
        let states: [PageLoadState] = [.loading, .failed(message: "x"), .loading, .failed(message: "x"), .loading]
        var seen: [PageStatus.Load] = []
        for state in states {
            var next = PageStatus.Load(state: state)
            PageAttempts.carry(into: &next, from: seen.last, hasPage: false)
            seen.append(next)
        }
        #expect(seen.map(\.failedAttempts) == [0, 1, 1, 2, 2])
        #expect(seen.map(\.isRetrying) == [false, false, true, false, true])
        let retrying = try #require(ShopperPageStatus.status(of: seen[4], pageID: .home, words: words))
        #expect(retrying.kind == .failed && retrying.isRetrying)
        #expect(retrying.retry == words[EngineWord.retrying])
        #expect(retrying.detail?.hasSuffix(words.engine(.loadFailedAttempts, ["count": "2"])) == true, "\(retrying.detail ?? "")")
        let first = try #require(ShopperPageStatus.status(of: seen[1], pageID: .home, words: words))
        #expect(first.detail == words[EngineWord.loadFailedDetail], "one failure says no count")
        let many = try #require(ShopperPageStatus.status(of: PageStatus.Load(state: .failed(message: "x"), failedAttempts: 1_200), pageID: .home, words: Words(.deDE)))
        #expect(many.detail?.contains("1.200") == true, "the count as the language writes it: \(many.detail ?? "")")
        var loaded = PageStatus.Load(state: .loaded)
        PageAttempts.carry(into: &loaded, from: seen[4], hasPage: true)
        #expect(loaded.failedAttempts == 0 && !loaded.isRetrying, "a page ends the count")
    }

    // MARK: A saved copy and its age

    /// Offline with a saved copy: the page is shown, and says it is a saved copy and how old,
    /// in the shopper's words; the newest page says nothing of where it came from.
    @MainActor
    @Test func aSavedCopySaysHowOldItIsUntilTheNewestArrives() async throws {
        struct Offline: Error {}
        struct SavedThenOffline: PageSource {
            let savedAt: Date
            let freshAfter: Bool
            func updates(for request: PageRequest) -> AsyncThrowingStream<PageUpdate, any Error> {
                let page = Data(#"{"page": {"sections": [{"widgets": [{"type": "title_block", "id": "t", "data": {"title": "Hi"}}]}]}}"#.utf8)
                return AsyncThrowingStream { continuation in
                    continuation.yield(PageUpdate(data: page, origin: .cached, savedAt: savedAt))
                    if freshAfter {
                        continuation.yield(PageUpdate(data: page, origin: .fresh))
                        continuation.finish()
                    } else {
                        continuation.finish(throwing: Offline())
                    }
                }
            }
        }
        let saved = Date(timeIntervalSince1970: 1_800_000_000)
        let now = saved.addingTimeInterval(3 * 3600)
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let offline = PageStore(pageID: "home", source: SavedThenOffline(savedAt: saved, freshAfter: false), decoder: decoder)
        await offline.refreshAndWait()
        let snapshot = PageSnapshot(store: offline)
        #expect(snapshot.page != nil && snapshot.isCached && snapshot.savedAt == saved)
        #expect(ShopperPageStatus.status(of: snapshot, pageID: .home, words: words) == nil, "the copy is shown, not an error")
        #expect(ShopperPageStatus.note(of: snapshot, now: now, words: words) == "saved copy from 3 hours ago")
        #expect(ShopperPageStatus.note(of: snapshot, now: now, words: Words(.deDE)) == "gespeicherte Fassung (vor 3 Stunden)")
        #expect(ShopperPageStatus.note(of: snapshot, now: now, words: Words(.frFR)) == "version enregistrée il y a 3 heures")
        var updating = snapshot
        updating.isRefreshing = true
        #expect(ShopperPageStatus.note(of: updating, now: now, words: words) == "saved copy from 3 hours ago, updating…")

        let online = PageStore(pageID: "home", source: SavedThenOffline(savedAt: saved, freshAfter: true), decoder: decoder)
        await online.refreshAndWait()
        #expect(online.savedAt == nil)
        #expect(ShopperPageStatus.note(of: PageSnapshot(store: online), now: now, words: words) == nil, "the newest page says nothing")

        // A reopened page whose copy is still fresh: nothing newer was asked for, and the
        // copy is what the shop serves now; said as it is said offline, it misled.
        var fresh = snapshot
        fresh.refreshError = nil
        #expect(fresh.isCached)
        #expect(ShopperPageStatus.note(of: fresh, now: now, words: words) == nil)
    }

    // MARK: Cart loading, unavailable, empty

    /// Loading while the cart was never read (whether or not a request runs now), unavailable
    /// when it never was and reading failed (opening the sheet asks again), empty once read.
    @Test func theCartSheetSaysLoadingUnavailableOrEmpty() {
        #expect(CartSheet(cart: CartSummary()).presentation(words: words).message == words[.cartLoading])
        var unavailable = CartSheet(cart: CartSummary(isUnavailable: true))
        #expect(unavailable.presentation(words: words).message == words[.cartUnavailable])
        #expect(unavailable.opened() == .refresh)
        var empty = CartSheet(cart: CartSummary(isKnown: true))
        #expect(empty.presentation(words: words).message == words[.cartEmpty])
        #expect(empty.opened() == nil)
        let full = CartSheet(cart: CartSummary(lines: [CartSummary.Line(productID: "a", title: "A", quantity: 1)], isKnown: true))
        #expect(full.presentation(words: words).message == nil)
    }

    // MARK: When an undo is forgotten

    /// A removal is offered back once its line is gone, and forgotten on a cart change where
    /// the product has a quantity again (put back, added again, the removal refused), never
    /// while the removal is merely pending.
    @Test func aRemovalIsOfferedOnceDoneAndForgottenWhenTheLineIsBack() {
        let coat = CartSummary.Line(productID: "p1", title: "Wool coat", quantity: 2, unitPrice: Price(amount: 20, currency: "USD"))
        let scarf = CartSummary.Line(productID: "p2", title: "Scarf", quantity: 1)
        var sheet = CartSheet(cart: CartSummary(lines: [coat, scarf], isKnown: true), selection: 1)
        #expect(sheet.removeSelected() == .remove(productID: "p2"))
        var removing = scarf
        removing.pending = .removing
        sheet.update(CartSummary(lines: [coat, removing], isKnown: true))
        #expect(sheet.lastRemoval != nil, "pending: kept")
        #expect(sheet.presentation(words: words).removal == nil, "pending: the line says so, no undo yet")
        sheet.update(CartSummary(lines: [coat], isKnown: true))
        #expect(sheet.presentation(words: words).removal?.text == "Scarf removed")
        #expect(sheet.presentation(words: words).removal?.undo == "Undo")
        sheet.update(CartSummary(lines: [coat, scarf], isKnown: true))
        #expect(sheet.lastRemoval == nil, "back in the cart: nothing to undo")
        #expect(sheet.undo() == nil)

        var refused = CartSheet(cart: CartSummary(lines: [coat], isKnown: true))
        #expect(refused.removeSelected() == .remove(productID: "p1"))
        refused.update(CartSummary(lines: [coat], isKnown: true))
        #expect(refused.lastRemoval == nil, "the server kept the line: no removal to offer later")
    }

    @Test func undoPutsTheLineBackWhereItWasOnce() {
        let lines = ["a", "b", "c"].map { CartSummary.Line(productID: $0, title: $0.uppercased(), quantity: 1) }
        var sheet = CartSheet(cart: CartSummary(lines: lines, isKnown: true), selection: 1)
        _ = sheet.removeSelected()
        sheet.update(CartSummary(lines: [lines[0], lines[2]], isKnown: true))
        #expect(sheet.undo() == .restore(CartRemoval(productID: "b", title: "B", quantity: 1, unitPrice: nil, position: 1)))
        #expect(sheet.undo() == nil, "undone once")
    }

    // MARK: One word for one thing

    /// The same button says the same thing in both apps: the engine's words are the
    /// catalogue's, the cart's subtotal is the catalogue's.
    @Test func oneWordForOneThingInEveryRenderer() {
        for locale in AppLocale.allCases {
            let words = Words(locale)
            #expect(words.engine[.retry] == WordTable.of(locale).engine[.retry])
            #expect(words.engine[.nothingHere] == WordTable.of(locale).engine[.nothingHere])
            let sheet = CartSheet(cart: CartSummary(lines: [CartSummary.Line(productID: "a", title: "A", quantity: 1)], isKnown: true))
            #expect(sheet.presentation(words: words).subtotalLabel == WordTable.of(locale).words[.subtotal])
        }
        #expect(Words(.enUS).engine[.retry] == "Retry")
        #expect(Words(.enUS).engine[.nothingHere] == "Nothing to show here yet.")
    }
}
