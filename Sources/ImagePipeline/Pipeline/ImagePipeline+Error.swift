extension ImagePipeline {
    /// Why an image could not be produced. A view shows a placeholder of the reserved size for
    /// any of them; the cases exist so logs and tests can tell them apart.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// Not JPEG or PNG (`format` names what was recognised: "gif", "webp", "unknown").
        case unsupportedFormat(String)
        /// The header claims more pixels than `maxPixelCount`; nothing was decoded.
        case tooLarge(pixels: Int, limit: Int)
        /// The body is larger than `maxDownloadBytes`; the transfer was stopped.
        case downloadTooLarge(limit: Int)
        /// The file ends before the image does.
        case truncated
        /// The file is damaged.
        case corrupt
        /// A pixel buffer could not be allocated.
        case outOfMemory
        /// The server answered with a status other than 2xx.
        case network(status: Int)
        /// The transfer failed before a status arrived (no connection, timeout, bad URL).
        case transport(String)
        /// Every caller lost interest, or this caller did.
        case cancelled
        /// The request cannot be served (a target side of zero or less).
        case invalidRequest(String)

        public var description: String {
            switch self {
            case .unsupportedFormat(let format): "unsupported image format (\(format)); JPEG and PNG are supported"
            case .tooLarge(let pixels, let limit): "image has \(pixels) pixels, over the limit of \(limit)"
            case .downloadTooLarge(let limit): "download is over the limit of \(limit) bytes"
            case .truncated: "image data ends early (truncated)"
            case .corrupt: "image data is corrupt"
            case .outOfMemory: "out of memory while decoding"
            case .network(let status): "server answered HTTP \(status)"
            case .transport(let message): "transfer failed: \(message)"
            case .cancelled: "cancelled"
            case .invalidRequest(let reason): "invalid image request: \(reason)"
            }
        }

        /// Maps anything thrown inside the pipeline (loaders may throw their own errors).
        init(_ error: any Swift.Error) {
            if let error = error as? ImagePipeline.Error {
                self = error
            } else if error is CancellationError {
                self = .cancelled
            } else {
                self = .transport(String(describing: error))
            }
        }
    }
}
