import CommandLineSupport
import FlowCore
import Foundation
import HTTPTransport
import RetailBackend
import RetailKit

/// What `vitrine [app] …` asks for: the app against its embedded backend (which `--faults`
/// tunes) or against `--server URL` (`syntax` has both forms).
struct AppOptions: Equatable {
    /// The backend's origin; `nil` starts the embedded one.
    var server: URL?
    var locale = "en-US"
    /// Nil: `new` for a first visit, `returning` after (`AppConfiguration.automaticSegment`).
    var segment: String?
    var appVersion = VitrineApp.version
    var capabilities = VitrineApp.capabilities
    /// Passed to the embedded backend (`vitrine serve --faults`).
    var faults: String?
    /// The local profile (its own session, cache, cart journal and outbox; never sent to the
    /// backend); default the login name when it is a valid id, else `anonymous`.
    var user: String
    var debug = false
    /// `--open URL`: a deeplink the app opens at start, over the home page.
    var opening: Destination?
    /// Hidden, for `vitrine bench app`: write `first-content` to standard error when the first
    /// frame with a page's content is drawn.
    var marksFirstContent = false
    /// Hidden, for the end-to-end tests: how many times the cart tries a change before it
    /// rolls it back (`CartRetryPolicy.maxAttempts`, default 6), so a failing backend's
    /// rollback shows in a second rather than in the half minute of backoff.
    var cartAttempts: Int?
    /// Hidden, for the end-to-end tests: the embedded backend is built only once a byte is
    /// read from this file (a FIFO the test writes to when it lets the backend be built), so a
    /// test sees what the app does before its backend is there without racing it.
    var backendGate: String?
    /// `--now T`: the app's clock starts at T and runs from there (and the embedded backend's
    /// too); campaigns follow the backend's clock, which a `--server` sets itself
    /// (`vitrine serve --now T`).
    var now: Date?
    /// Experiment variants the app pins (`vitrine catalogue preview --interactive --variant`).
    var experiments: [String: String] = [:]
    /// `-h` or `--help`: the synopsis is printed and nothing runs.
    var isHelp = false

    static var usage: String { syntax.usage }

    /// The default shopper for `environment`.
    static func defaultUser(environment: [String: String]) -> String {
        guard let login = environment["USER"], isValidUser(login) else { return "anonymous" }
        return login
    }

    /// `^[A-Za-z0-9._-]{1,64}$`, on bytes (`UserID`'s rule: it names directories).
    static func isValidUser(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> AppOptions {
        let parsed = try syntax.parse(arguments, into: AppOptions(user: defaultUser(environment: environment)))
        var options = parsed.options
        options.isHelp = parsed.isHelp
        return options
    }

    /// What the app takes, and its synopsis. `--backend` is `--server`'s older name;
    /// `--mark-first-content` (for `vitrine bench app`), `--cart-attempts` and `--backend-gate`
    /// (for the end-to-end tests) are in no synopsis.
    static var syntax: OptionParser<AppOptions> {
        let safe = { TerminalText.excerpt($0) }
        let server: (String) -> OptionParser<AppOptions>.Option = { name in
            .value(name, "URL") { options, text throws(UsageError) in
                let lower = text.lowercased()
                guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: text), url.host != nil else {
                    throw UsageError("\(name) '\(safe(URLCredentials.redacted(text)))' is not an http(s) URL")
                }
                // Said without the URL, which holds a password then.
                if let refusal = HomeAPIClient.refusal(of: url) { throw UsageError("\(name): \(refusal)") }
                options.server = url
            }
        }
        return OptionParser(
            command: "vitrine [app]",
            options: [
                server("--server"),
                server("--backend").alias(of: "--server"),
                CommonOptions.locale { $0.locale = $1.rawValue },
                .oneOf("--segment", "new|returning|vip") { (options, segment: Segment) in options.segment = segment.rawValue },
                CommonOptions.appVersion { $0.appVersion = $1 },
                CommonOptions.capabilities { $0.capabilities = $1 },
                .value("--faults", "PROFILE") { $0.faults = $1 },
                .value("--user", "ID") { options, text throws(UsageError) in
                    guard isValidUser(text) else { throw UsageError("--user '\(safe(text))' must be 1 to 64 of A-Z a-z 0-9 . _ -") }
                    options.user = text
                },
                .value("--open", "URL") { options, text throws(UsageError) in
                    if let refusal = VitrineApp.deeplinks.refusal(for: text) {
                        throw UsageError("--open '\(safe(text))' is not a link of this app: \(safe(refusal))")
                    }
                    let destination = Destination.forDeeplink(text)
                    if case .link = destination {
                        throw UsageError("--open '\(safe(text))' names no screen of this app (home, cart, search, campaign, category, product, page)")
                    }
                    options.opening = destination
                },
                CommonOptions.now { $0.now = $1 },
                .flag("--debug") { $0.debug = true },
                .flag("--mark-first-content") { $0.marksFirstContent = true },
                .value("--cart-attempts", "N") { options, text throws(UsageError) in
                    guard let attempts = Int(text), (1...10).contains(attempts) else { throw UsageError("--cart-attempts is 1 to 10") }
                    options.cartAttempts = attempts
                },
                .value("--backend-gate", "FIFO") { $0.backendGate = $1 },
            ],
            // The embedded backend's form, with its faults; then a backend of one's own.
            forms: [
                [
                    [.optional("--locale"), .optional("--segment"), .optional("--faults")],
                    [.optional("--app-version"), .optional("--capabilities"), .optional("--user"), .optional("--open"), .optional("--now"), .optional("--debug")],
                ],
                [
                    [.required("--server"), .optional("--locale"), .optional("--segment")],
                    [.optional("--app-version"), .optional("--capabilities"), .optional("--user"), .optional("--open"), .optional("--now"), .optional("--debug")],
                ],
            ])
    }

    /// Where the cache and the outbox live: `$XDG_CACHE_HOME/vitrine`, else `~/.cache/vitrine`
    /// (an `XDG_CACHE_HOME` that is not absolute is ignored, as the specification says).
    static func storageDirectory(environment: [String: String]) -> URL {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("vitrine", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/vitrine", isDirectory: true)
    }
}
