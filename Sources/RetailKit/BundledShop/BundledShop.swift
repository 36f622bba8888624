import FlowCore
import Foundation
import PrivateFiles
import RetailContract
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The demo shop an app carries, to run with no backend: the files `vitrine serve
/// --export-shop` writes (`ShopBundle`, CONTRACT §11), read from a directory of the app's
/// bundle. `AppComposition` answers pages, the cart, search, images and `api` actions from it
/// behind the seams the backend's client fills (`BundledPageSource`, `BundledCart`,
/// `BundledImageLoader`, `BundledActions`, `suggestions(for:locale:segment:)`).
///
/// Every file is found through `shop.json`: a page id, an image URL or a locale is looked up
/// there, byte for byte, and never joined into a path; the manifest's own file names are
/// checked to be plain relative names before they are read.
public final class BundledShop: Sendable {
    /// Why a bundle cannot be used.
    public struct Unusable: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The origin pages' relative URLs resolve against: an address that is never looked up
    /// (`.invalid`, RFC 2606), so nothing could reach a network if a request escaped.
    public static let origin = URL(string: "http://bundled-shop.invalid")!
    /// What the client keeps for the bundled shop is kept under this name, whatever the
    /// bundle's instant: an app update with a newer bundle keeps the shopper's cart.
    public static let identity = BackendIdentity(name: "bundled-shop")!
    /// The layout this reader knows (`ShopBundle.format`).
    public static let format = 1

    /// Where the bundle is.
    public let directory: URL
    /// The instant the bundle was composed at: its clock starts there at every launch.
    public let instant: Date
    /// The locales the bundle has pages in.
    public let locales: [String]

    private struct PageKey: Hashable {
        var id: ExactString
        var locale: ExactString
        /// Nil: the page of every segment.
        var segment: ExactString?
    }

    private let pages: [PageKey: String]
    private let images: [ExactString: String]
    private let catalogueFiles: [ExactString: String]
    private let catalogues = Mutex<[ExactString: BundledCatalogue]>([:])

    /// Reads `shop.json` in `directory`; throws `Unusable` naming what is wrong.
    public init(directory: URL) throws(Unusable) {
        self.directory = directory
        let manifest: JSONValue
        do {
            manifest = try JSONParser.parse(try Data(contentsOf: directory.appendingPathComponent("shop.json")))
        } catch {
            throw Unusable(description: "no readable shop.json in \(directory.path): \(error)")
        }
        guard manifest["format"]?.intValue == Self.format else {
            throw Unusable(description: "shop.json is not of format \(Self.format)")
        }
        guard let instantText = manifest["instant"]?.stringValue, let instant = RFC3339.date(from: instantText) else {
            throw Unusable(description: "shop.json has no RFC 3339 instant")
        }
        self.instant = instant
        locales = manifest["locales"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var pages: [PageKey: String] = [:]
        for entry in manifest["pages"]?.arrayValue ?? [] {
            guard let id = entry["id"]?.stringValue, let locale = entry["locale"]?.stringValue, let file = entry["file"]?.stringValue,
                Self.isPlainRelativePath(file)
            else { throw Unusable(description: "shop.json lists a page without id, locale or a plain file name") }
            pages[PageKey(id: ExactString(id), locale: ExactString(locale), segment: entry["segment"]?.stringValue.map { ExactString($0) })] = file
        }
        var images: [ExactString: String] = [:]
        for entry in manifest["images"]?.arrayValue ?? [] {
            guard let path = entry["path"]?.stringValue, let file = entry["file"]?.stringValue, Self.isPlainRelativePath(file) else {
                throw Unusable(description: "shop.json lists an image without path or a plain file name")
            }
            images[ExactString(path)] = file
        }
        var catalogueFiles: [ExactString: String] = [:]
        for member in manifest["catalogues"]?.objectValue ?? JSONObject() {
            guard let file = member.value.stringValue, Self.isPlainRelativePath(file) else {
                throw Unusable(description: "shop.json names a catalogue without a plain file name")
            }
            catalogueFiles[ExactString(member.key)] = file
        }
        guard !pages.isEmpty, !catalogueFiles.isEmpty else { throw Unusable(description: "shop.json lists no pages or no catalogues") }
        self.pages = pages
        self.images = images
        self.catalogueFiles = catalogueFiles
    }

    /// The bundle's clock: its instant at `start` (the launch), moving as `now` does.
    public func clock(startingAt start: Date, now: @escaping @Sendable () -> Date) -> @Sendable () -> Date {
        let instant = instant
        return { instant.addingTimeInterval(now().timeIntervalSince(start)) }
    }

    /// The page `id` as the backend answers it in `locale` for `segment`; a `search:` page is
    /// assembled from the catalogue. Throws a 404 `HomeAPIError` for a page the bundle lacks.
    public func page(_ id: String, locale: String, segment: String) throws -> Data {
        if PageID(id).kind == .search {
            // As the backend reads a page id: `search:` needs a query, of at most the limit.
            let query = String(decoding: id.utf8.drop { $0 != UInt8(ascii: ":") }.dropFirst(), as: UTF8.self)
            guard !query.utf8.isEmpty else { throw Self.noPage(id) }
            guard query.utf8.count <= RetailLimits.queryBytes else {
                throw HomeAPIError.status(400, code: RetailErrorCode.invalidParameter.rawValue,
                                          message: "a search is at most \(RetailLimits.queryBytes) UTF-8 bytes", retryAfter: nil)
            }
            return try catalogue(locale: locale).searchPage(query: query)
        }
        // A locale the shop does not sell in gets its first locale's pages, as from the backend.
        let localeKey = locales.contains { $0.isByteEqual(to: locale) } ? ExactString(locale) : ExactString(locales.first ?? locale)
        guard let file = pages[PageKey(id: ExactString(id), locale: localeKey, segment: ExactString(segment))]
            ?? pages[PageKey(id: ExactString(id), locale: localeKey, segment: nil)]
        else { throw Self.noPage(id) }
        return try read(file)
    }

    private static func noPage(_ id: String) -> HomeAPIError {
        .status(404, code: RetailErrorCode.notFound.rawValue, message: "no page '\(id.clipped(toUTF8Bytes: 80))' in the bundled shop", retryAfter: nil)
    }

    /// The bytes of the image at `path` (`/v1/images/p-1001.jpg`), or nil.
    public func image(path: String) -> Data? {
        images[ExactString(path)].flatMap { try? read($0) }
    }

    /// The catalogue of `locale` (the first locale's when the bundle has no other), read once.
    func catalogue(locale: String) throws -> BundledCatalogue {
        let key = catalogueFiles[ExactString(locale)] != nil ? ExactString(locale) : ExactString(locales.first ?? locale)
        if let known = catalogues.withLock({ $0[key] }) { return known }
        guard let file = catalogueFiles[key] else { throw Unusable(description: "no catalogue for \(locale)") }
        let catalogue = try BundledCatalogue(json: JSONParser.parse(try read(file)))
        catalogues.withLock { $0[key] = catalogue }
        return catalogue
    }

    /// The search suggestions for `query` in `locale` for `segment`, ranked as the backend ranks
    /// them (`SearchIndex`): campaigns only those the segment sees.
    public func suggestions(for query: String, locale: String, segment: String) throws -> [SearchSuggestion] {
        try catalogue(locale: locale).suggestions(for: query.clipped(toUTF8Bytes: RetailLimits.queryBytes), segment: segment)
    }

    /// A file the manifest names: a regular file inside the bundle, reached through no
    /// symbolic link (what a link names may lie outside it), of at most 64 MiB.
    private func read(_ file: String) throws -> Data {
        var folder = directory.path
        for component in file.utf8.split(separator: UInt8(ascii: "/")).dropLast() {
            folder += "/" + String(decoding: component, as: UTF8.self)
            var status = stat()
            guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw Unusable(description: "\(file) is not a file inside the bundle")
            }
        }
        guard let data = FileSystem.read(directory.appendingPathComponent(file).path, maxBytes: 64 << 20) else {
            throw Unusable(description: "\(file) is not a readable file inside the bundle")
        }
        return data
    }

    /// `a/b.json`: components of `A-Z a-z 0-9 . _ -`, none empty nor starting with a dot.
    public static func isPlainRelativePath(_ path: String) -> Bool {
        let components = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        return !components.isEmpty && components.allSatisfy { component in
            guard let first = component.first, first != UInt8(ascii: ".") else { return false }
            return component.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): true
                default: false
                }
            }
        }
    }
}
