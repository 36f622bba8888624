import Foundation

/// Where a backend's catalogue comes from: the built-in demo, or a directory of JSON files
/// (`docs/schema/catalogue.schema.json`) that is watched and reloaded as it changes.
public struct CatalogueSource: Sendable {
    /// The catalogue directory; `nil` is the built-in demo catalogue.
    public var directory: URL?
    /// How often the directory's files are looked at. A change is applied once the files
    /// have stayed the same for 50 ms more (an editor's save in several writes is read whole),
    /// so an edit serves within an interval, 50 ms and a reload. `nil`: no watching, only
    /// `HomeBackend.reloadCatalogue()` (SIGHUP in `vitrine serve`). Default 200 ms: an edit
    /// serves within a quarter of a second and a reload, for one `stat` a file a look.
    public var pollInterval: Duration? = .milliseconds(200)
    /// Where reloads and refused catalogues are told, one line each (`vitrine serve`: standard
    /// error). Default: nowhere.
    public var log: @Sendable (String) -> Void = { _ in }
    /// Told the version of each catalogue a reload applies, once it serves (`vitrine catalogue
    /// preview --interactive`: the app reads its pages again). Default: nobody.
    public var onReload: @Sendable (Int) -> Void = { _ in }

    /// The built-in demo catalogue, its windows hours from the backend's anchor.
    public static let builtIn = CatalogueSource()

    /// The catalogue in `directory`.
    public static func directory(_ directory: URL) -> CatalogueSource {
        var source = CatalogueSource()
        source.directory = directory
        return source
    }
}
