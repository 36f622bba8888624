import Foundation

/// The container a file claims by its first bytes. Only the signature is trusted: the URL's
/// extension and the server's content type are ignored.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, unknown

    /// Reads the signature at the start of `data`.
    public init(sniffing data: Data) {
        let bytes = [UInt8](data.prefix(12))
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            self = .unknown
        }
    }

    /// Whether this pipeline decodes it.
    public var isDecodable: Bool { self == .jpeg || self == .png }
}
