import Testing
@testable import RetailKit

/// What the app says of a deeplink it will not open names the deeplink's actual fault
/// (`--open ''` is empty, not "not printable ASCII").
@Suite struct DeeplinkAllowListTests {
    @Test(arguments: [
        ("", "deeplink is empty"), ("vitrine://product/p\u{1B}", "deeplink is not printable ASCII"),
        ("product/p-1", "deeplink has no scheme"), ("https://evil.example", "deeplink scheme 'https' is not allowed"),
    ])
    func aRefusalSaysWhatIsWrong(url: String, reason: String) {
        #expect(VitrineApp.deeplinks.refusal(for: url) == reason)
    }

    @Test func anAllowedLinkIsOpened() {
        #expect(VitrineApp.deeplinks.refusal(for: "VITRINE://product/p-1") == nil)
    }
}
