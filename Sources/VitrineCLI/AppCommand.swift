import FlowCore
import Foundation
import RetailBackend
import RetailKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `vitrine app [--backend URL] [--locale L] [--segment S]`: the client against the embedded
/// backend (or another one).
///
/// Until the terminal renderer lands, the app shows what the client keeps of the home page:
/// it starts the embedded backend on a loopback port, loads the home page over HTTP as the
/// client would (following `pagination` to the end and merging each next page), resolves it
/// for this app's version and capabilities, and prints the result.
enum AppCommand {
    static let usage = "usage: vitrine app [--backend URL] [--locale en-US|de-DE|fr-FR] [--segment new|returning|vip]"

    static func run(_ arguments: [String], console: Console) async -> Int32 {
        var backendURL: String?
        var locale = "en-US"
        var segment = "returning"
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next(), ["--backend", "--locale", "--segment"].contains(argument) else {
                console.err("vitrine app: unexpected '\(TerminalText.sanitized(argument))'\n\(usage)")
                return 2
            }
            switch argument {
            case "--backend": backendURL = value
            case "--locale": locale = value
            default: segment = value
            }
        }
        var server: HTTPServer?
        defer { server?.stop() }
        let base: String
        if let backendURL {
            base = backendURL.hasSuffix("/") ? String(backendURL.dropLast()) : backendURL
        } else {
            do {
                let embedded = try HTTPServer(handler: try HomeBackend(), configuration: .ephemeral)
                server = embedded
                base = embedded.baseURL
            } catch {
                console.err("vitrine app: cannot start the embedded backend: \(error)")
                return 1
            }
        }
        do {
            let home = try await loadHome(base: base, locale: locale, segment: segment)
            let report = LintReport(
                page: home.page, decodeDiagnostics: home.diagnostics,
                context: EvaluationContext(client: VitrineApp.clientContext, now: Date()),
                policy: VitrineApp.actionPolicy, decoder: PageDecoder(catalog: VitrineApp.makeWidgetCatalog()))
            let safe = TerminalText.sanitized
            console.out("vitrine \(VitrineApp.version): home page from \(safe(base)) (\(safe(locale)), \(safe(segment)))")
            console.out(report.lines.joined(separator: "\n"))
            if let failure = home.nextPageFailure {
                // The failure table: a next page that fails leaves the loaded page as it was.
                console.out("next page failed, the page above stays: \(safe(failure))")
            }
            return 0
        } catch {
            console.err("vitrine app: \(TerminalText.sanitized(String(describing: error)))")
            return 1
        }
    }

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    /// The home page with every next page merged, what decoding reported, and why loading
    /// stopped early if a next page failed.
    struct LoadedHome {
        var page: PageModel
        var diagnostics: [Diagnostic]
        var nextPageFailure: String?
    }

    /// Loads the first page (its failure is the command's), then every next page; a next page
    /// that fails ends the walk and keeps what loaded.
    static func loadHome(base: String, locale: String, segment: String) async throws -> LoadedHome {
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let query = [
            ("locale", locale), ("appVersion", VitrineApp.version.description), ("userSegment", segment),
            ("capabilities", VitrineApp.capabilities.sorted().joined(separator: ",")),
        ].map { "\($0)=\(encoded($1))" }.joined(separator: "&")
        let decoded = try decoder.decodePage(await fetch("\(base)/v1/home?\(query)"))
        var home = LoadedHome(page: decoded.page, diagnostics: decoded.diagnostics)
        // A bounded walk: a backend that always says `has_more` cannot keep the client loading.
        for _ in 0..<50 {
            guard home.page.pagination?.hasMore == true,
                let cursor = home.page.pagination?.postback?["cursor"]?.stringValue
            else { break }
            do {
                let next = try await fetch("\(base)/v1/home?\(query)&cursor=\(encoded(cursor))")
                home.diagnostics += try decoder.appendNextPage(next, to: &home.page)
            } catch {
                home.nextPageFailure = String(describing: error)
                break
            }
        }
        return home
    }

    /// A query value percent-encoded, so that no value can add parameters of its own.
    private static func encoded(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~,")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    private static func fetch(_ address: String) async throws -> Data {
        guard let url = URL(string: address) else { throw LoadError(description: "not a URL: \(address)") }
        let (data, response) = try await URLSession.shared.data(from: url)
        guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            throw LoadError(description: "\(url.path) answered \(status)")
        }
        return data
    }
}
