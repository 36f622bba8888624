import Foundation

/// Where the backend keeps what shoppers give it when nothing else is said, for `vitrine serve`
/// and the app's embedded backend alike: `$XDG_DATA_HOME/vitrine/backend`, else
/// `~/.local/share/vitrine/backend` (an `XDG_DATA_HOME` that is not absolute is ignored, as the
/// base-directory specification says). Data, not cache: a cart must survive a cache cleaner.
enum DataDirectory {
    static func backend(environment: [String: String]) -> URL {
        if let base = environment["XDG_DATA_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("vitrine/backend", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share/vitrine/backend", isDirectory: true)
    }

    /// Where the app keeps what its shoppers must not lose to a cache cleaner (their guest
    /// sessions, `AppConfiguration.dataDirectory`): `vitrine` beside `backend`.
    static func app(environment: [String: String]) -> URL {
        backend(environment: environment).deletingLastPathComponent()
    }

    /// Where an embedded backend on a moved clock or another catalogue (`vitrine app --now`,
    /// `vitrine catalogue preview --interactive`) keeps its shoppers: beside `backend`, apart
    /// from it, since a clock moved ahead would expire the sessions and keys kept there.
    static func preview(environment: [String: String]) -> URL {
        backend(environment: environment).deletingLastPathComponent().appendingPathComponent("backend-preview", isDirectory: true)
    }
}
