import Foundation

extension ImagePipeline {
    /// Limits and caches of a pipeline. Every default suits a phone showing a retail home page.
    public struct Configuration: Sendable {
        /// The memory cache's budget in bytes of decoded pixels; an image over a tenth of it is
        /// never cached. Default: 64 MiB.
        public var memoryCacheLimit: Int = 64 << 20

        /// The largest width x height accepted, read from the header before any pixel is
        /// decoded, so a decompression bomb costs nothing. Default: 50,000,000 (a 50 MP photo).
        public var maxPixelCount: Int = 50_000_000

        /// The largest download accepted, in bytes; the transfer stops when it is exceeded.
        /// Default: 32 MiB.
        public var maxDownloadBytes: Int = 32 << 20

        /// Where downloaded bytes are kept between launches; nil keeps nothing on disk.
        /// Default: `vitrine-images` in the user's caches directory.
        public var diskCacheDirectory: URL? = Configuration.defaultDiskCacheDirectory

        /// The disk cache's budget in bytes; least recently used files go first.
        /// Default: 256 MiB.
        public var diskCacheLimit: Int = 256 << 20

        /// The disk cache's key for a URL: its `absoluteString` by default. An app whose image
        /// host changes address while its pictures do not (a backend on another port each run)
        /// keys by what names the picture, so the same picture is one file across launches.
        public var diskCacheKey: @Sendable (URL) -> String = { $0.absoluteString }

        /// The defaults.
        public init() {}

        /// The defaults, changed by `configure`.
        public init(_ configure: (inout Configuration) -> Void) {
            configure(&self)
        }

        /// Memory only: no disk cache. Suits tests and short-lived tools.
        public static var memoryOnly: Configuration {
            Configuration { $0.diskCacheDirectory = nil }
        }

        /// `vitrine-images` in the caches directory (the temporary directory when there is none).
        public static var defaultDiskCacheDirectory: URL {
            let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            return (caches ?? FileManager.default.temporaryDirectory)
                .appendingPathComponent("vitrine-images", isDirectory: true)
        }
    }
}
