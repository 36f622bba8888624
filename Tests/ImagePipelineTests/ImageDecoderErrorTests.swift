import Foundation
import Testing

@testable import ImagePipeline

private func decode(_ data: Data, limit: Int = 50_000_000) throws(ImagePipeline.Error) -> Bitmap {
    try ImageDecoder.decode(data, targetSize: PixelSize(width: 64, height: 64), contentMode: .fit, maxPixelCount: limit).bitmap
}

@Suite("ImageDecoder: hostile and unsupported input")
struct ImageDecoderErrorTests {
    let jpeg: Data
    let png: Data

    init() throws {
        jpeg = try TestImages.jpeg(width: 256, height: 256) { x, y in (UInt8(x), UInt8(y), UInt8((x * y) & 255)) }
        png = try TestImages.png(width: 256, height: 256) { x, y in (UInt8(x), UInt8(y), UInt8((x ^ y) & 255), 255) }
    }

    @Test func truncatedJPEG() {
        #expect(throws: ImagePipeline.Error.truncated) { try decode(jpeg.prefix(jpeg.count / 2)) }
        #expect(throws: ImagePipeline.Error.truncated) { try decode(jpeg.prefix(120)) }
        #expect(throws: ImagePipeline.Error.truncated) { try decode(jpeg.prefix(3)) }
    }

    @Test func truncatedPNG() {
        #expect(throws: ImagePipeline.Error.truncated) { try decode(png.prefix(png.count / 2)) }
        #expect(throws: ImagePipeline.Error.truncated) { try decode(png.prefix(20)) }
        #expect(throws: ImagePipeline.Error.truncated) { try decode(png.dropLast(6)) }
    }

    @Test func corruptJPEGHeader() throws {
        // A frame header claiming 3-bit samples.
        var bytes = [UInt8](jpeg)
        let sof = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 4] = 3
        #expect(throws: ImagePipeline.Error.corrupt) { try decode(Data(bytes)) }
        // A frame header with no components.
        var empty = [UInt8](jpeg)
        empty[sof + 9] = 0
        #expect(throws: ImagePipeline.Error.corrupt) { _ = try decode(Data(empty)).size }
    }

    @Test func corruptPNGData() {
        var bytes = [UInt8](png)
        bytes[bytes.count / 2] ^= 0xFF // inside IDAT: the chunk's CRC no longer matches
        #expect(throws: ImagePipeline.Error.corrupt) { try decode(Data(bytes)) }
    }

    @Test func decompressionBombIsRefusedFromTheHeader() throws {
        let claimed = 30_000 * 30_000
        #expect(throws: ImagePipeline.Error.tooLarge(pixels: claimed, limit: 50_000_000)) {
            try decode(try TestImages.jpegClaiming(width: 30_000, height: 30_000))
        }
        #expect(throws: ImagePipeline.Error.tooLarge(pixels: claimed, limit: 50_000_000)) {
            try decode(try TestImages.pngClaiming(width: 30_000, height: 30_000))
        }
    }

    @Test func pixelLimitIsConfigurable() {
        #expect(throws: ImagePipeline.Error.tooLarge(pixels: 65_536, limit: 65_535)) { try decode(jpeg, limit: 65_535) }
        #expect((try? decode(jpeg, limit: 65_536)) != nil)
    }

    /// Bytes in formats this pipeline does not decode, and the name the error gives.
    static let others: [(Data, String)] = {
        let padding = Data(repeating: 0, count: 20)
        let webp: Data = Data("RIFF".utf8) + Data([0x10, 0, 0, 0]) + Data("WEBPVP8 ".utf8) + padding
        return [
            (Data("GIF89a".utf8) + padding, "gif"),
            (Data("GIF87a".utf8) + padding, "gif"),
            (webp, "webp"),
            (Data("<html>not an image</html>".utf8), "unknown"),
            (Data(), "unknown"),
        ]
    }()

    @Test(arguments: others)
    func otherFormatsAreUnsupported(data: Data, format: String) {
        #expect(throws: ImagePipeline.Error.unsupportedFormat(format)) { try decode(data) }
    }

    @Test func targetWithoutAreaIsInvalid() {
        #expect(throws: ImagePipeline.Error.self) {
            try ImageDecoder.decode(jpeg, targetSize: PixelSize(width: 0, height: 10), contentMode: .fit, maxPixelCount: 100)
        }
    }
}

@Suite("ImageDecoder: damaged files never crash")
struct ImageDecoderMutationTests {
    /// Flips bytes at deterministic positions (xorshift) and cuts files at many lengths: every
    /// outcome must be a bitmap within the target or a typed error.
    @Test(arguments: ["jpeg", "progressive", "png", "interlaced"])
    func mutatedFilesDecodeOrFailCleanly(kind: String) throws {
        let original: Data
        switch kind {
        case "jpeg": original = try TestImages.jpeg(width: 96, height: 64) { x, y in (UInt8(x * 2), UInt8(y * 3), 77) }
        case "progressive":
            original = try TestImages.jpeg(width: 96, height: 64, progressive: true) { x, y in (UInt8(x), UInt8(y), 9) }
        case "png": original = try TestImages.png(width: 48, height: 32) { x, y in (UInt8(x * 5), UInt8(y * 7), 1, UInt8(x * y & 255)) }
        default:
            let rows = (0..<(48 * 32)).flatMap { index -> [UInt8] in [UInt8(index & 255), 40, 90, 255] }
            original = try TestImages.rawPNG(rows: rows, width: 48, height: 32, colorType: .rgba, bitDepth: 8, interlaced: true)
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(truncatingIfNeeded: state & 0x7FFF_FFFF)
        }
        var outcomes: Set<String> = []
        for round in 0..<150 {
            var bytes = [UInt8](original)
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(next() % bytes.count))
            } else {
                for _ in 0..<(1 + round % 4) {
                    let index = 2 + next() % (bytes.count - 2) // keep the signature's first bytes
                    bytes[index] = UInt8(truncatingIfNeeded: next())
                }
            }
            do {
                let bitmap = try ImageDecoder.decode(
                    Data(bytes), targetSize: PixelSize(width: 24, height: 24), contentMode: .fill, maxPixelCount: 1_000_000
                ).bitmap
                #expect(bitmap.width <= 24 && bitmap.height <= 24)
                #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
                outcomes.insert("decoded")
            } catch {
                outcomes.insert("\(error)")
            }
        }
        #expect(outcomes.count > 1) // the damage was noticed at least once
    }
}
