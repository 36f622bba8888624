import FlowCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of a catalogue directory: which are read, in which order, within which bounds.
///
/// The layout is fixed (`catalogue.json`, `categories.json`, `stories.json`,
/// `promotions.json`, `placements.json`, `plans.json`, one file a campaign in `campaigns/`,
/// and the product feed in `products.json`, in the files of `products/`, or both), so
/// nothing is searched for: no recursion, hence no symlink loop to follow.
/// Symlinks to files are followed (a team may link shared files); whatever is not a regular
/// file (a FIFO, a device, a directory named like a file) is refused without being opened for
/// long, and a file over `maxFileBytes` is refused before it is read. Hidden files and names
/// not ending in `.json` (editor back-ups and swap files, a README) are left alone.
struct CatalogueDirectory: Sendable {
    static let rootFiles = ["catalogue.json", "categories.json", "stories.json", "promotions.json", "placements.json", "plans.json"]
    static let campaignsFolder = "campaigns"
    /// The product feed: this file, the files of `productsFolder`, or both.
    static let productsFile = "products.json"
    /// A feed too large for one file (`maxFileBytes`) is split into files here, read in
    /// byte order of their names.
    static let productsFolder = "products"
    /// The most product files read from `productsFolder`.
    static let maxProductFiles = 1_000
    /// The largest file read: far above any hand-written file (the demo's largest is 8 KB).
    static let maxFileBytes = 4 << 20
    /// The most campaign files read.
    static let maxCampaignFiles = 20_000

    let url: URL

    /// A file to read, by its path relative to the directory.
    struct Entry: Sendable, Hashable {
        var relative: String
        var path: String
    }

    /// The files to read, and what is wrong with the directory's layout.
    func entries() -> (files: [Entry], problems: [CatalogueProblem]) {
        var files: [Entry] = []
        var problems: [CatalogueProblem] = []
        for name in Self.rootFiles {
            let entry = Entry(relative: name, path: path(name))
            if Self.kind(of: entry.path) == nil {
                problems.append(.init(file: name, line: nil, severity: .error, message: "missing: a catalogue holds \(Self.rootFiles.joined(separator: ", "))"))
            } else {
                files.append(entry)
            }
        }
        for name in Self.names(in: url.path) where Self.isCatalogueName(name) && !Self.rootFiles.contains(name) && !name.isByteEqual(to: Self.productsFile) {
            problems.append(.init(file: name, line: nil, severity: .warning,
                                  message: "not a file of the catalogue, not read (a campaign belongs in \(Self.campaignsFolder)/)"))
        }
        let products = productEntries()
        files += products.files
        problems += products.problems
        let folder = path(Self.campaignsFolder)
        guard Self.kind(of: folder) == S_IFDIR else {
            problems.append(.init(file: Self.campaignsFolder, line: nil, severity: .error, message: "missing: the directory of campaign files"))
            return (files, problems)
        }
        let names = Self.names(in: folder).filter(Self.isCatalogueName)
        if names.count > Self.maxCampaignFiles {
            problems.append(.init(file: Self.campaignsFolder, line: nil, severity: .error,
                                  message: "\(names.count) campaign files; a catalogue holds at most \(Self.maxCampaignFiles)"))
        }
        for name in names.prefix(Self.maxCampaignFiles) {
            files.append(Entry(relative: "\(Self.campaignsFolder)/\(name)", path: folder + "/" + name))
        }
        return (files, problems)
    }

    /// The feed's files: `products.json` first when there is one, then `products/`'s files.
    private func productEntries() -> (files: [Entry], problems: [CatalogueProblem]) {
        var files: [Entry] = []
        var problems: [CatalogueProblem] = []
        if Self.kind(of: path(Self.productsFile)) != nil { files.append(Entry(relative: Self.productsFile, path: path(Self.productsFile))) }
        let folder = path(Self.productsFolder)
        if Self.kind(of: folder) == S_IFDIR {
            let names = Self.names(in: folder).filter(Self.isCatalogueName)
            if names.count > Self.maxProductFiles {
                problems.append(.init(file: Self.productsFolder, line: nil, severity: .error,
                                      message: "\(names.count) product files; a catalogue holds at most \(Self.maxProductFiles)"))
            }
            for name in names.prefix(Self.maxProductFiles) {
                files.append(Entry(relative: "\(Self.productsFolder)/\(name)", path: folder + "/" + name))
            }
        }
        if files.isEmpty {
            problems.append(.init(file: Self.productsFile, line: nil, severity: .error,
                                  message: "missing: the product feed (\(Self.productsFile), or files in \(Self.productsFolder)/)"))
        }
        return (files, problems)
    }

    /// Whether `relative` is a file of the product feed.
    static func isProductFile(_ relative: String) -> Bool {
        relative.isByteEqual(to: productsFile) || relative.utf8.starts(with: (productsFolder + "/").utf8)
    }

    /// The bytes of a file, or why it cannot be read.
    static func read(_ entry: Entry) -> Result<[UInt8], CatalogueProblem> {
        func refusal(_ message: String) -> Result<[UInt8], CatalogueProblem> {
            .failure(CatalogueProblem(file: entry.relative, line: nil, severity: .error, message: message))
        }
        let descriptor = open(entry.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return refusal("cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return refusal("cannot be read: \(String(cString: strerror(errno)))") }
        guard status.st_mode & S_IFMT == S_IFREG else { return refusal("is not a regular file") }
        guard status.st_size <= maxFileBytes else {
            return refusal("is \(Self.size(Int(status.st_size))), more than the \(Self.size(maxFileBytes)) a catalogue file may be")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0, errno == EINTR || errno == EAGAIN { continue }
            guard read > 0 else { break }
            count += read
        }
        // A file that grew while it was read is read next time, whole.
        guard count <= maxFileBytes else { return refusal("grew past \(Self.size(maxFileBytes)) while it was read") }
        return .success(Array(bytes.prefix(count)))
    }

    /// `name` inside the directory.
    func path(_ name: String) -> String {
        url.path.hasSuffix("/") ? url.path + name : url.path + "/" + name
    }

    /// `*.json`, not hidden.
    static func isCatalogueName(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.utf8.count > 5 && name.hasSuffix(".json")
    }

    /// The type bits of what `path` names after symlinks, or `nil` when nothing is there.
    static func kind(of path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// The names in a directory, sorted by bytes; empty when it cannot be read.
    static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}
