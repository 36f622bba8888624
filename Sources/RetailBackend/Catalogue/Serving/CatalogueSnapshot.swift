import Foundation
import RetailContract

/// One version of the catalogue as the backend serves it: the catalogue, its composers and
/// search indexes, the images it references, and the pages composed from it.
///
/// Immutable and swapped whole (`CatalogueStore`): a request reads one snapshot and composes,
/// caches and answers from it alone, so no page mixes two catalogues, and the pages of an
/// older version go with it.
final class CatalogueSnapshot: Sendable {
    /// 1 for the catalogue the backend started with, one more for each applied reload.
    let version: Int
    let catalogue: Catalogue
    let composer: PageComposer
    let imageSpecs: [String: ImageSpec]
    /// Encoded pages of this version.
    let pages: PageCache
    /// When it was loaded (the backend's clock).
    let loadedAt: Date
    /// The files it was read from, relative to the directory (none for the built-in one).
    let files: [String]

    init(catalogue: Catalogue, version: Int, widgets: WidgetFactory, pageCacheCapacity: Int, loadedAt: Date, files: [String] = []) {
        self.version = version
        self.catalogue = catalogue
        composer = PageComposer(home: HomeComposer(catalogue: catalogue, widgets: widgets))
        imageSpecs = ImageSpec.all(in: catalogue)
        pages = PageCache(capacity: pageCacheCapacity)
        self.loadedAt = loadedAt
        self.files = files
    }

    var searchIndexes: [StoreLocale: SearchIndex] { composer.searchIndexes }
}
