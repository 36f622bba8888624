import Foundation
import RetailKit
import RetailPresentation
import Testing
import CommandLineSupport
@testable import VitrineCLI

@Suite struct AppCommandTests {
    let environment = ["USER": "ana", "HOME": "/home/ana"]

    /// The embedded backend is one backend whatever its port; a preview's (another catalogue
    /// or clock) is another, and keeps no picture on disk, where one of another catalogue of
    /// the same name would stand.
    @Test func theEmbeddedBackendKeepsItsPicturesAndAPreviewNone() throws {
        var setup = AppConfiguration(backendURL: URL(string: "http://127.0.0.1:40001")!, user: UserID("ana")!,
                                     storageDirectory: URL(fileURLWithPath: "/tmp/unused"))
        AppCommand.useEmbeddedBackend(&setup, isPreview: false)
        #expect(setup.backend == .embedded)
        #expect(setup.images == nil, "the default: a disk cache in the shopper's tree")
        AppCommand.useEmbeddedBackend(&setup, isPreview: true)
        #expect(setup.backend == BackendIdentity(name: "embedded-preview"))
        #expect(setup.images != nil && setup.images?.diskCacheDirectory == nil)
    }

    @Test func optionsParseWithTheirDefaults() throws {
        let defaults = try AppOptions.parse([], environment: environment)
        #expect(defaults.server == nil)
        #expect(defaults.locale == "en-US" && defaults.segment == nil, "a first visit is new, a later one returning")
        #expect(defaults.user == "ana", "the login name")
        #expect(!defaults.debug && defaults.faults == nil)
        let options = try AppOptions.parse(
            ["--server", "http://127.0.0.1:8080", "--locale", "de-DE", "--segment", "vip", "--app-version", "3.1.0",
             "--capabilities", "video, ar", "--user", "bob", "--debug"], environment: environment)
        #expect(options.server?.absoluteString == "http://127.0.0.1:8080")
        #expect(options.locale == "de-DE" && options.segment == "vip")
        #expect(options.appVersion.description == "3.1.0")
        #expect(options.capabilities == ["video", "ar"])
        #expect(options.user == "bob" && options.debug)
        #expect(try AppOptions.parse(["--faults", "sold_out"], environment: environment).faults == "sold_out")
    }

    @Test(arguments: [
        ["--colour"], ["--server"], ["--server", "ftp://x"], ["--server", "file:///etc/passwd"], ["--locale", "xx-XX"],
        ["--segment", "everyone"], ["--app-version", "two"], ["--user", "a b"], ["--user", String(repeating: "u", count: 65)],
        ["--server", "http://127.0.0.1:1", "--faults", "error=503"], ["--server", "http://127.0.0.1:1", "--backend", "http://127.0.0.1:2"],
        ["--open"], ["--open", "https://evil.example/product/p-1"], ["--open", "vitrine://wishlist/care"],
        ["--open", "vitrine://product/p-1\u{1B}[2J"], ["--open", "javascript:alert(1)"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) async {
        #expect(throws: UsageError.self) { try AppOptions.parse(arguments, environment: environment) }
        let captured = CapturedConsole()
        #expect(await CommandLineTool.run(["app"] + arguments, console: captured.console) == 2)
        #expect(captured.err.contains("usage: vitrine [app]"))
    }

    /// A password in `--server` would go out as Basic authentication with images and into
    /// the debug panel and the image cache: refused, and the refusal does not repeat it.
    @Test(arguments: ["http://user:hunter2@127.0.0.1:8080", "http://hunter2@127.0.0.1:8080/", "http://user:hunter2@", "https://:hunter2@[::1]:8443"])
    func aServerURLWithCredentialsIsAUsageErrorThatDoesNotRepeatThem(server: String) async {
        let captured = CapturedConsole()
        #expect(await CommandLineTool.run(["app", "--server", server], console: captured.console) == 2)
        #expect(captured.err.contains("--server"))
        #expect(!captured.err.contains("hunter2"), "\(captured.err)")
    }

    /// A link no page can have is refused at start (it would only fail to load, with a Retry
    /// that cannot help), and the message quotes its start, not its 5,000 bytes.
    @Test func anOverlongLinkIsAUsageErrorThatQuotesItsStart() async {
        let link = "vitrine://product/" + String(repeating: "a", count: 5_000)
        let captured = CapturedConsole()
        #expect(await CommandLineTool.run(["app", "--open", link], console: captured.console) == 2)
        let message = captured.err.split(separator: "\n").first.map(String.init) ?? ""
        #expect(message.contains("names no screen"), "\(message)")
        #expect(message.contains("… (5018 bytes)"), "\(message)")
        #expect(message.utf8.count < 400, "\(message.utf8.count) bytes")
    }

    @Test func aFragmentIsLeftOutOfTheLinkOpened() throws {
        #expect(try AppOptions.parse(["--open", "vitrine://product/p-1002#reviews"], environment: environment).opening == .page("product:p-1002"))
    }

    @Test func anIPv6LiteralServerIsAccepted() throws {
        let options = try AppOptions.parse(["--server", "http://[::1]:8080"], environment: environment)
        #expect(options.server?.absoluteString == "http://[::1]:8080")
    }

    @Test func openTakesADeeplinkOfTheAppAndLandsOverHome() throws {
        #expect(try AppOptions.parse(["--open", "vitrine://product/p-1002"], environment: environment).opening == .page("product:p-1002"))
        #expect(try AppOptions.parse(["--open", "vitrine://category/coats"], environment: environment).opening == .page("category:coats"))
        #expect(try AppOptions.parse(["--open", "vitrine://search?q=wool+coat"], environment: environment).opening == .search(query: "wool coat"))
        #expect(try AppOptions.parse(["--open", "vitrine://cart"], environment: environment).opening == .cart)
        #expect(try AppOptions.parse([], environment: environment).opening == nil)
    }

    @Test func aLoginNameThatIsNoValidIDIsAnonymous() {
        #expect(AppOptions.defaultUser(environment: ["USER": "ana maria"]) == "anonymous")
        #expect(AppOptions.defaultUser(environment: [:]) == "anonymous")
    }

    @Test func theCacheLivesUnderXDGCacheHomeElseHome() {
        #expect(AppOptions.storageDirectory(environment: ["XDG_CACHE_HOME": "/tmp/c", "HOME": "/home/ana"]).path == "/tmp/c/vitrine")
        #expect(AppOptions.storageDirectory(environment: ["HOME": "/home/ana"]).path == "/home/ana/.cache/vitrine")
        #expect(AppOptions.storageDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/ana"]).path == "/home/ana/.cache/vitrine",
                "a relative XDG_CACHE_HOME is ignored")
    }

    @Test func withoutATerminalTheAppSaysSoAndExits2() async {
        let captured = CapturedConsole()
        // Tests run with no terminal on standard input.
        #expect(await CommandLineTool.run(["--debug"], console: captured.console) == 2)
        #expect(captured.err.contains("needs a terminal"))
        #expect(captured.err.contains("vitrine render"))
    }
}
