import CommandLineSupport
import FlowCore
import Foundation
import RetailKit
import RetailPresentation

/// The options several commands take alike, each declared and worded once.
enum CommonOptions {
    /// `--app-version V`: the app version a page is judged for.
    static func appVersion<Options>(_ set: @escaping (inout Options, AppVersion) -> Void) -> OptionParser<Options>.Option {
        .value("--app-version", "V") { options, text throws(UsageError) in
            guard let version = AppVersion(text) else { throw UsageError("--app-version '\(TerminalText.excerpt(text))' is not a version like 2.6.0") }
            set(&options, version)
        }
    }

    /// `--capabilities a,b`: the capabilities the app declares (empty: none).
    static func capabilities<Options>(_ set: @escaping (inout Options, Set<String>) -> Void) -> OptionParser<Options>.Option {
        .value("--capabilities", "a,b", allowsEmpty: true) { options, list in
            set(&options, Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
        }
    }

    /// `--now RFC3339`: the instant a page is judged at, or a clock starts from.
    static func now<Options>(_ set: @escaping (inout Options, Date) -> Void) -> OptionParser<Options>.Option {
        instant("--now", set)
    }

    /// `NAME RFC3339`: an instant.
    static func instant<Options>(_ name: String, _ set: @escaping (inout Options, Date) -> Void) -> OptionParser<Options>.Option {
        .value(name, "RFC3339") { options, text throws(UsageError) in
            guard let instant = RFC3339.date(from: text) else {
                throw UsageError("\(name) '\(TerminalText.excerpt(text))' is not an RFC 3339 instant like 2026-11-27T09:00:00+01:00")
            }
            set(&options, instant)
        }
    }

    /// `--locale en-US|de-DE|fr-FR`: the language of the app's own words.
    static func locale<Options>(_ set: @escaping (inout Options, AppLocale) -> Void) -> OptionParser<Options>.Option {
        .oneOf("--locale", "en-US|de-DE|fr-FR", set)
    }
}
