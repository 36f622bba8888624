import FlowCore
import FlowRuntime
import Foundation
import TestSupport
import Testing

@Suite("ActionDispatcher", .timeLimit(.minutes(1)))
@MainActor
struct ActionDispatcherTests {
    let harness = StoreHarness()
    let transport = ControlledTransport()
    let clock = TestClock()
    let dispatcher: ActionDispatcher

    init() {
        dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: clock), decoder: Fixtures.decoder, transport: transport)
    }

    var store: PageStore { harness.store }
    var source: ControlledSource { harness.source }

    func text(_ id: String) -> String? { store.page?.widget(id: id)?.content(as: LabelContent.self)?.text }

    private func origin(_ widgetID: String? = "a") -> ActionOrigin {
        ActionOrigin(store: store, widgetID: widgetID, sectionID: "s1", event: "tap")
    }

    private func action(_ object: JSONValue) -> ActionData {
        guard case .object(let members) = object, let action = ActionData(object: members) else {
            preconditionFailure("test action literal without a type")
        }
        return action
    }

    @Test func aToastActionShowsItsMessage() {
        #expect(dispatcher.dispatch(action(["type": "toast", "message": "Saved", "duration": 1]), from: origin()))
        #expect(dispatcher.toasts.current?.message == "Saved")
        #expect(dispatcher.toasts.current?.duration == .seconds(1))
        #expect(dispatcher.log.last?.outcome == .handled)
        #expect(dispatcher.log.last?.handler == "built-in toast")
    }

    @Test func newerHandlersComeFirstAndMayDecline() {
        var policy = ActionPolicy.builtIn
        policy.register("deeplink") { _, _ in nil }
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: nil, policy: policy)
        var seen: [String] = []
        dispatcher.register(ClosureActionHandler(name: "older") { action, _ in
            seen.append("older \(action.type)")
            return action.type == "deeplink"
        })
        dispatcher.register(ClosureActionHandler(name: "newer", types: ["toast"]) { _, _ in seen.append("newer toast") })
        dispatcher.dispatch(action(["type": "toast", "message": "x"]), from: origin())
        dispatcher.dispatch(action(["type": "deeplink", "url": "vitrine://p"]), from: origin())
        #expect(seen == ["newer toast", "older deeplink"])
        #expect(dispatcher.toasts.current == nil)
        #expect(dispatcher.log.map(\.handler) == ["newer", "older"])
    }

    /// No handler runs a type the policy has no check for: `vitrine lint` reports such an
    /// action as refused, and the runtime refuses it too, whichever handlers are registered.
    @Test func anActionTypeWithoutACheckIsNeverRunWhateverTheHandlers() async {
        var ran: [String] = []
        dispatcher.register(ClosureActionHandler(name: "host deeplink", types: ["deeplink"]) { action, _ in
            ran.append(action["url"]?.stringValue ?? "")
        })
        let action = action(["type": "deeplink", "url": "javascript:alert(1)"])
        #expect(dispatcher.policy.refusal(for: action, decoder: Fixtures.decoder) != nil)
        #expect(dispatcher.dispatch(action, from: origin()) == false)
        #expect(ran.isEmpty)
        #expect(dispatcher.log.last?.outcome == .unhandled)
    }

    /// An action type with no check is unknown: reported, never run (CONTRACT, "Decisions"), even
    /// under the default policy and with a host handler for it. The runtime refuses what
    /// `vitrine lint` reports as refused_action (`javascript:` behind a `deeplink` here).
    @Test func anActionTypeWithoutACheckIsNeverRun() {
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: nil)
        var opened: [String] = []
        dispatcher.register(ClosureActionHandler(name: "host deeplink", types: ["deeplink"]) { action, _ in
            opened.append(action["url"]?.stringValue ?? "")
        })
        let action = ActionData(type: "deeplink", ["url": "javascript:alert(1)"])
        let lintSays = dispatcher.policy.refusal(for: action, decoder: Fixtures.decoder)
        dispatcher.dispatch(action, from: ActionOrigin(store: nil))
        #expect(lintSays != nil)  // lint: refused_action "unknown action type"
        #expect(opened.isEmpty, "the runtime ran what lint reports as refused: \(opened)")
    }

    @Test func anUnknownActionIsReportedAndIgnored() async {
        await harness.loadInitial(Fixtures.simplePage())
        #expect(dispatcher.dispatch(action(["type": "teleport"]), from: origin()) == false)
        #expect(dispatcher.log.last?.outcome == .unhandled)
        #expect(harness.reports.last?.diagnostics.map(\.kind) == [.refusedAction])
        #expect(harness.reports.last?.diagnostics.first?.message == "unknown action type 'teleport' ignored")
        #expect(harness.reports.last?.requestID == "r1")
    }

    @Test func aSheetOpensAndDismisses() {
        let sheet: JSONValue = ["id": "sizes", "sections": [Fixtures.section("s", [Fixtures.label("size_s", "S")])]]
        dispatcher.dispatch(action(["type": "open_bottom_sheet", "sheet": sheet]), from: origin())
        #expect(dispatcher.sheets.top?.id == "sizes")
        #expect(dispatcher.sheets.top?.sections.first?.widgets.first?.id == "size_s")
        dispatcher.dispatch(action(["type": "dismiss"]), from: origin())
        #expect(dispatcher.sheets.entries.isEmpty)
    }

    @Test func aSheetWithoutItsSheetIsRefused() {
        dispatcher.dispatch(action(["type": "open_bottom_sheet"]), from: origin())
        #expect(dispatcher.sheets.entries.isEmpty)
        #expect(dispatcher.log.last?.outcome == .refused("missing required key 'sheet' at action"))
    }

    @Test func refreshPageRefreshesTheOriginStore() async {
        await harness.loadInitial(Fixtures.simplePage())
        dispatcher.dispatch(action(["type": "refresh_page"]), from: origin())
        #expect(harness.source.last?.request.kind == .refresh)
        #expect(store.isRefreshing)
    }

    @Test func apiPostsTheActionWithTheWidgetValueAndAppliesTheResponse() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a", "b"]))
        store.widgetState["a"] = 3
        let api = action(["type": "api", "endpoint": "/v1/actions/favourite", "product_id": "p1"])
        dispatcher.dispatch(api, from: origin("a"))
        #expect(dispatcher.runningTaskCount == 1)
        #expect(dispatcher.log.last?.outcome == .running)

        let pending = await transport.nextCall()
        #expect(pending.call.endpoint.description == "/v1/actions/favourite")
        #expect(pending.call.method == .post)
        let body = String(decoding: pending.call.body, as: UTF8.self)
        #expect(body == #"{"action":{"type":"api","endpoint":"/v1/actions/favourite","product_id":"p1"},"page_id":"home","request_id":"r1","widget_id":"a","value":3}"#)

        pending.continuation.resume(returning: Fixtures.response(
            mutations: [Fixtures.replaceWidget("b", with: Fixtures.label("b", "favourited"))], toast: "Added to favourites"))
        await dispatcher.settle()
        #expect(store.page?.widget(id: "b")?.content(as: LabelContent.self)?.text == "favourited")
        #expect(dispatcher.toasts.current?.message == "Added to favourites")
        #expect(dispatcher.runningTaskCount == 0)
        #expect(dispatcher.log.last?.outcome == .completed("1 of 1 mutations applied"))
    }

    @Test(arguments: ["https://evil.example/steal", "//evil.example/steal", "v1/relative", "/ok\\..\\evil", "//\u{FE0F}evil.example/steal"])
    func apiRefusesEveryEndpointThatIsNotAPathOnTheOrigin(endpoint: String) async {
        await harness.loadInitial(Fixtures.simplePage())
        dispatcher.dispatch(action(["type": "api", "endpoint": .string(endpoint)]), from: origin())
        #expect(transport.sent.isEmpty)
        #expect(dispatcher.runningTaskCount == 0)
        #expect(harness.reports.last?.diagnostics.map(\.kind) == [.refusedAction])
        guard case .refused(let reason)? = dispatcher.log.last?.outcome else {
            Issue.record("not refused: \(String(describing: dispatcher.log.last?.outcome))")
            return
        }
        #expect(reason.contains("is not an absolute path on the page's origin"))
    }

    @Test func apiRefusesAMethodOutsideTheAllowList() async {
        await harness.loadInitial(Fixtures.simplePage())
        let method = "post /admin http/1.1\r\nhost: evil\r\n\r\nget"
        dispatcher.dispatch(action(["type": "api", "endpoint": "/v1/x", "method": .string(method)]), from: origin())
        #expect(transport.sent.isEmpty)
        #expect(harness.reports.last?.diagnostics.map(\.kind) == [.refusedAction])
    }

    /// Property: whatever order a repeated `endpoint` comes in, the call checks, carries and
    /// writes one endpoint, the first, and another JSON reader of the body sees that one too.
    @Test(arguments: 0..<24)
    func aRepeatedEndpointKeyCannotMakeTheCheckAndTheBodyDisagree(seed: Int) async throws {
        await harness.loadInitial(Fixtures.simplePage())
        let candidates = ["/v1/ok", "https://evil.example/x", "//evil.example/y", "/v1/other"]
        var members: [String] = []
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        for _ in 0..<(seed % 4 + 2) {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            members.append(#""endpoint": "\#(candidates[Int(state % UInt64(candidates.count))])""#)
        }
        let json = #"{"type": "api", \#(members.joined(separator: ", "))}"#
        let object = try #require(try JSONParser.parse(json).objectValue)
        let first = try #require(try JSONParser.parse("{\(members[0])}")["endpoint"]?.stringValue)
        dispatcher.dispatch(try #require(ActionData(object: object)), from: origin())
        guard APIEndpoint(first) != nil else {
            #expect(transport.sent.isEmpty, "\(json)")
            return
        }
        let pending = await transport.nextCall()
        #expect(pending.call.endpoint.description == first)
        let body = try #require(JSONSerialization.jsonObject(with: pending.call.body) as? [String: Any])
        #expect((body["action"] as? [String: Any])?["endpoint"] as? String == first)
        #expect(String(decoding: pending.call.body, as: UTF8.self).components(separatedBy: "\"endpoint\"").count == 2)
        pending.continuation.resume(returning: Fixtures.response(mutations: []))
        await dispatcher.settle()
    }

    @Test func aTransactionalResponseThatCannotApplyChangesNothing() async {
        await harness.loadInitial(Fixtures.simplePage(ids: ["a"]))
        dispatcher.dispatch(action(["type": "api", "endpoint": "/v1/x"]), from: origin())
        let pending = await transport.nextCall()
        pending.continuation.resume(returning: Fixtures.response(mode: "transactional", mutations: [
            Fixtures.replaceWidget("a", with: Fixtures.label("a", "changed")),
            ["kind": "remove_widget", "id": "missing"],
        ]))
        await dispatcher.settle()
        #expect(store.page?.widget(id: "a")?.content(as: LabelContent.self)?.text == "text")
        #expect(dispatcher.log.last?.outcome == .completed("rolled back"))
        #expect(harness.reports.last?.diagnostics.allSatisfy { $0.kind == .mutationFailed } == true)
    }

    /// An answer that arrives after a refresh composed before it is laid onto the new page:
    /// dropping it would lose the action's effect.
    @Test func aResponseThatArrivesAfterARefreshIsLaidOntoTheNewPage() async {
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"]))
        dispatcher.dispatch(action(["type": "api", "endpoint": "/v1/x"]), from: origin())
        let pending = await transport.nextCall()
        store.refresh()
        harness.source.last?.respond(Fixtures.simplePage(requestID: "r2", ids: ["a"]))
        await waitUntil { store.page?.requestID == "r2" }

        pending.continuation.resume(returning: Fixtures.response(mutations: [["kind": "remove_widget", "id": "a"]], toast: "Done"))
        await dispatcher.settle()
        #expect(Fixtures.widgetIDs(store.page) == [])
        #expect(dispatcher.log.last?.outcome == .completed("1 of 1 mutations applied"))
        #expect(dispatcher.toasts.current?.message == "Done")
    }

    /// The answer to a tap on the cached copy is not lost when the fresh page of the same request
    /// lands first: that page was asked before the tap, so it may not hold the action's effect.
    /// The answer's mutations are laid onto the fresh page, or the page is asked again.
    @Test func answerToATapOnTheCachedCopyArrivingAfterTheFreshPageIsNotLost() async {
        let transport = ControlledTransport()
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: transport)
        store.loadInitial()
        let call = source.last
        call?.send(Fixtures.simplePage(requestID: "cached", ids: ["a"]), origin: .cached)
        await waitUntil { store.origin == .cached }
        dispatcher.dispatch(ActionData(type: "api", ["endpoint": "/v1/actions/fav"]), from: ActionOrigin(store: store, widgetID: "a"))
        let pending = await transport.nextCall()
        // The fresh page, composed before the server saw the tap.
        call?.respond(Fixtures.simplePage(requestID: "fresh", ids: ["a"], text: "not favourite"), origin: .fresh)
        await waitUntil { store.page?.requestID == "fresh" && !store.isLoadingPage }
        let callsBefore = source.calls.count
        pending.continuation.resume(returning: Fixtures.response(mutations: [Fixtures.replaceWidget("a", with: Fixtures.label("a", "favourite"))]))
        await dispatcher.settle()
        let laidOn = text("a") == "favourite"
        let askedAgain = source.calls.count > callsBefore
        #expect(laidOn || askedAgain, "effect lost: text=\(text("a") ?? "nil"), dropped=\(store.droppedResponseCount)")
    }

    /// Likewise for a tap made while a refresh is in flight: the refresh lands first, and the
    /// tap's answer is laid onto it or the page asked again.
    @Test func answerToATapMadeDuringARefreshIsNotLost() async {
        let transport = ControlledTransport()
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: transport)
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"]))
        store.refresh()
        let refresh = source.last
        dispatcher.dispatch(ActionData(type: "api", ["endpoint": "/v1/actions/fav"]), from: ActionOrigin(store: store, widgetID: "a"))
        let pending = await transport.nextCall()
        refresh?.respond(Fixtures.simplePage(requestID: "r2", ids: ["a"], text: "not favourite"))
        await waitUntil { store.page?.requestID == "r2" && !store.isLoadingPage }
        let callsBefore = source.calls.count
        pending.continuation.resume(returning: Fixtures.response(mutations: [Fixtures.replaceWidget("a", with: Fixtures.label("a", "favourite"))]))
        await dispatcher.settle()
        #expect(text("a") == "favourite" || source.calls.count > callsBefore,
                "effect lost: text=\(text("a") ?? "nil"), dropped=\(store.droppedResponseCount)")
    }

    /// An answer that arrives after a refresh files its diagnostics under the request the action
    /// came from, not under the page shown now.
    @Test func aStaleAnswersDiagnosticsBelongToTheRequestItCameFrom() async {
        let transport = ControlledTransport()
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: transport)
        await harness.loadInitial(Fixtures.simplePage(requestID: "r1", ids: ["a"]))
        dispatcher.dispatch(ActionData(type: "api", ["endpoint": "/v1/x"]), from: ActionOrigin(store: store, widgetID: "a"))
        let pending = await transport.nextCall()
        store.refresh()
        source.last?.respond(Fixtures.simplePage(requestID: "r2", ids: ["a"]))
        await waitUntil { store.page?.requestID == "r2" }
        pending.continuation.resume(returning: Data(#"{"mode": "sideways", "mutations": []}"#.utf8))
        await dispatcher.settle()
        #expect(store.diagnostics(forRequest: "r1").map(\.kind) == [.malformedPayload])
        #expect(store.diagnostics(forRequest: "r2").isEmpty)
    }

    /// `cancelAll()` holds for calls in flight: an answer that arrives after it changes nothing,
    /// neither the page nor the toasts.
    @Test func aCancelledAPIActionChangesNothingWhenItsAnswerArrives() async {
        let transport = ControlledTransport()
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: transport)
        await harness.loadInitial(Fixtures.simplePage(ids: ["a", "b"]))
        dispatcher.dispatch(ActionData(type: "api", ["endpoint": "/v1/x"]), from: ActionOrigin(store: store, widgetID: "a"))
        let pending = await transport.nextCall()
        dispatcher.cancelAll()
        pending.continuation.resume(returning: Fixtures.response(mutations: [["kind": "remove_widget", "id": "b"]], toast: "Done"))
        await dispatcher.settle()
        #expect(Fixtures.widgetIDs(store.page) == ["a", "b"])
        #expect(dispatcher.toasts.current == nil)
    }

    @Test func aFailedCallKeepsThePageAndMayShowAToast() async {
        await harness.loadInitial(Fixtures.simplePage(ids: ["a"]))
        dispatcher.apiFailureMessage = "Something went wrong"
        dispatcher.dispatch(action(["type": "api", "endpoint": "/v1/x"]), from: origin())
        let pending = await transport.nextCall()
        pending.continuation.resume(throwing: TestError.offline)
        await dispatcher.settle()
        #expect(Fixtures.widgetIDs(store.page) == ["a"])
        #expect(dispatcher.toasts.current?.message == "Something went wrong")
        #expect(dispatcher.log.last?.outcome == .failed("transport: offline"))
    }

    @Test func anUnreadableResponseIsReported() async {
        await harness.loadInitial(Fixtures.simplePage(ids: ["a"]))
        dispatcher.dispatch(action(["type": "api", "endpoint": "/v1/x"]), from: origin())
        await transport.nextCall().continuation.resume(returning: Data("not json".utf8))
        await dispatcher.settle()
        #expect(harness.reports.last?.source == .refusedDocument(kind: "action"))
        #expect(Fixtures.widgetIDs(store.page) == ["a"])
    }

    @Test func aWidgetEventDispatchesTheActionItDeclares() async throws {
        let stepper: JSONValue = [
            "type": "label", "id": "qty", "data": ["text": "1"],
            "actions": ["change": ["type": "api", "endpoint": "/v1/cart/quantity"]],
        ]
        await harness.loadInitial(Fixtures.page(sections: [Fixtures.section("s1", [stepper])]))
        let widget = try #require(store.page?.widget(id: "qty"))
        store.widgetState["qty"] = 2
        #expect(dispatcher.dispatch(event: "tap", of: widget, store: store) == false)
        #expect(dispatcher.dispatch(event: "change", of: widget, sectionID: "s1", store: store))
        let pending = await transport.nextCall()
        #expect(pending.call.context.widgetID == "qty")
        #expect(pending.call.context.value == 2)
        #expect(dispatcher.log.last?.event == "change")
        pending.continuation.resume(returning: Fixtures.response(mutations: []))
        await dispatcher.settle()
        #expect(dispatcher.log.last?.outcome == .completed("no mutations"))
    }

    @Test func theActionLogIsBounded() {
        dispatcher.logLimit = 3
        for index in 0..<5 {
            dispatcher.dispatch(action(["type": "toast", "message": .string("\(index)")]), from: origin())
        }
        #expect(dispatcher.log.map(\.id) == [3, 4, 5])
    }

    /// A negative limit (the action log's, the store's diagnostic reports) keeps nothing and never
    /// traps; the sink still hears every report.
    @Test func negativeLimitsKeepNothingAndNeverTrap() async {
        let dispatcher = ActionDispatcher(sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: nil)
        dispatcher.logLimit = -1
        dispatcher.dispatch(ActionData(type: "dismiss"), from: ActionOrigin(store: nil))
        #expect(dispatcher.log.isEmpty)
        store.diagnosticReportLimit = -5
        await harness.loadInitial(Fixtures.page(sections: [Fixtures.section("s", [["type": "mystery"]])]))
        #expect(store.diagnosticReports.isEmpty)
        #expect(harness.reports.count == 1)
    }

    /// A dispatcher's tasks never keep it alive: dropping the last reference to it cancels its
    /// calls in flight.
    @Test func droppingTheLastReferenceToADispatcherCancelsItsWork() async {
        let transport = EndlessTransport()
        var dispatcher: ActionDispatcher? = ActionDispatcher(
            sheets: SheetStack(), toasts: ToastQueue(clock: TestClock()), decoder: Fixtures.decoder, transport: transport)
        await harness.loadInitial(Fixtures.simplePage(ids: ["a"]))
        dispatcher?.dispatch(ActionData(type: "api", ["endpoint": "/v1/x"]), from: ActionOrigin(store: store, widgetID: "a"))
        await transport.started()
        weak let weakDispatcher = dispatcher
        dispatcher = nil
        #expect(weakDispatcher == nil)
        await transport.cancelled()
    }
}
