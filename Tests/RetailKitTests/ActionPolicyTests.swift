import FlowCore
import FlowRuntime
import Foundation
import RetailKit
import Testing

/// The app's action policy: what its dispatcher refuses before any handler runs, which is
/// also what `vitrine lint` reports.
@MainActor
@Suite struct ActionPolicyTests {
    let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())

    @Test(arguments: [
        ("vitrine://product/p-1001", true), ("VITRINE://campaign/x", true), ("vitrine:cart", true),
        ("javascript:alert(1)", false), ("https://evil.example", false), ("vitrine", false), ("", false),
        ("vitrine://product/\u{202E}x", false), ("vitrine://a b", false), ("vıtrine://x", false),
    ])
    func deeplinksAreCheckedAgainstTheAllowList(url: String, allowed: Bool) {
        let action = ActionData(type: "deeplink", ["url": .string(url)])
        #expect((VitrineApp.actionPolicy.refusal(for: action, decoder: decoder) == nil) == allowed)
    }

    @Test func theDispatcherRefusesWhatThePolicyRefusesBeforeAnyHandler() {
        let dispatcher = ActionDispatcher(
            sheets: SheetStack(), toasts: ToastQueue(), decoder: decoder, transport: nil, policy: VitrineApp.actionPolicy)
        var opened: [String] = []
        dispatcher.register(ClosureActionHandler(name: "host deeplink", types: ["deeplink"]) { action, _ in
            opened.append(action["url"]?.stringValue ?? "")
        })
        var reports: [DiagnosticReport] = []
        dispatcher.onDiagnostics = { reports.append($0) }
        dispatcher.dispatch(ActionData(type: "deeplink", ["url": "javascript:alert(1)"]), from: ActionOrigin(store: nil))
        dispatcher.dispatch(ActionData(type: "deeplink", ["url": "vitrine://cart"]), from: ActionOrigin(store: nil))
        #expect(opened == ["vitrine://cart"])
        #expect(reports.flatMap(\.diagnostics).map(\.kind) == [.refusedAction])
        #expect(reports.first?.diagnostics.first?.message.contains("scheme 'javascript' is not allowed") == true)
    }

    @Test func everyHostActionTypeHasACheck() {
        for type in ["toast", "dismiss", "refresh_page", "open_bottom_sheet", "api", "deeplink", "add_to_cart", "open_search", "open_page"] {
            #expect(VitrineApp.actionPolicy.knows(type), "\(type)")
        }
        #expect(!VitrineApp.actionPolicy.knows("teleport"))
    }
}
