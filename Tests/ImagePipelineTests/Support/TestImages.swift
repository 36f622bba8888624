import CImageCodec
import Foundation

/// Images the tests make themselves, with the same libraries the decoder reads.
enum TestImages {
    struct EncodeError: Error {
        let status: vt_status
    }

    /// Takes a buffer from the C target and frees it.
    private static func take(_ status: vt_status, _ out: UnsafeMutablePointer<UInt8>?, _ size: Int) throws -> Data {
        guard status == VT_OK, let out else { throw EncodeError(status: status) }
        defer { vt_free(out) }
        return Data(bytes: out, count: size)
    }

    /// An RGB image from a function of the pixel position.
    static func rgb(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                let offset = (y * width + x) * 3
                pixels[offset] = r
                pixels[offset + 1] = g
                pixels[offset + 2] = b
            }
        }
        return pixels
    }

    static func jpeg(
        width: Int, height: Int, quality: Int = 92, progressive: Bool = false,
        _ color: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) throws -> Data {
        let pixels = rgb(width: width, height: height, color)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = vt_jpeg_encode_rgb(pixels, Int32(width), Int32(height), Int32(quality), progressive ? 1 : 0, &out, &size)
        return try take(status, out, size)
    }

    /// A baseline YCbCr JPEG with luma sampled `lumaH` x `lumaV` (chroma 1x1), when
    /// `restartRows` > 0 restart markers, and Huffman tables made for the image when
    /// `optimizedTables`.
    static func layoutJPEG(
        width: Int, height: Int, quality: Int = 90, lumaH: Int, lumaV: Int, restartRows: Int = 0,
        optimizedTables: Bool = false, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) throws -> Data {
        let pixels = rgb(width: width, height: height, color)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = vt_test_jpeg_encode_layout(
            pixels, Int32(width), Int32(height), Int32(quality), Int32(lumaH), Int32(lumaV), Int32(restartRows),
            optimizedTables ? 1 : 0, &out, &size)
        return try take(status, out, size)
    }

    /// Deterministic noise over gradients, like a detailed photo: the entropy coder works hard.
    static func noisyPhoto(seed: UInt64 = 0x5EED) -> (Int, Int) -> (UInt8, UInt8, UInt8) {
        { x, y in
            var state = seed ^ (UInt64(x) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(y) &* 0xC2B2_AE3D_27D4_EB4F)
            state ^= state >> 29
            state = state &* 0xBF58_476D_1CE4_E5B9
            state ^= state >> 32
            let n = Int(state & 63) - 32
            func clamp(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v))) }
            return (clamp(x % 256 + n), clamp(y % 256 - n), clamp((x + y) % 256 + n / 2))
        }
    }

    static func grayJPEG(width: Int, height: Int, _ gray: (Int, Int) -> UInt8) throws -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { pixels[y * width + x] = gray(x, y) } }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        return try take(vt_jpeg_encode_gray(pixels, Int32(width), Int32(height), 92, &out, &size), out, size)
    }

    /// CMYK given as ink amounts (0 = none); stored inverted, as Photoshop does.
    static func cmykJPEG(width: Int, height: Int, ink: (UInt8, UInt8, UInt8, UInt8)) throws -> Data {
        let stored = [255 - ink.0, 255 - ink.1, 255 - ink.2, 255 - ink.3]
        let pixels = (0..<(width * height)).flatMap { _ in stored }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        return try take(vt_test_jpeg_encode_cmyk(pixels, Int32(width), Int32(height), 95, &out, &size), out, size)
    }

    static func orientedJPEG(
        width: Int, height: Int, orientation: Int, bigEndian: Bool, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) throws -> Data {
        let pixels = rgb(width: width, height: height, color)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = vt_test_jpeg_encode_rgb_oriented(
            pixels, Int32(width), Int32(height), Int32(orientation), bigEndian ? 1 : 0, &out, &size)
        return try take(status, out, size)
    }

    /// Straight-alpha RGBA, 8 bits.
    static func png(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) throws -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = color(x, y)
                let offset = (y * width + x) * 4
                pixels[offset] = r
                pixels[offset + 1] = g
                pixels[offset + 2] = b
                pixels[offset + 3] = a
            }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        return try take(vt_png_encode_rgba(pixels, Int32(width), Int32(height), &out, &size), out, size)
    }

    /// PNG colour types, as libpng numbers them.
    enum ColorType: Int32 {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6
    }

    /// A PNG of any colour type and depth from rows packed as libpng expects.
    static func rawPNG(
        rows: [UInt8], width: Int, height: Int, colorType: ColorType, bitDepth: Int, interlaced: Bool = false,
        palette: [UInt8] = [], paletteAlpha: [UInt8] = [], transparentKey: [Int32]? = nil
    ) throws -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let key = transparentKey ?? [-1, 0, 0, 0]
        let status = vt_test_png_encode(
            rows, Int32(width), Int32(height), colorType.rawValue, Int32(bitDepth), interlaced ? 1 : 0,
            palette.isEmpty ? nil : palette, Int32(palette.count / 3),
            paletteAlpha.isEmpty ? nil : paletteAlpha, Int32(paletteAlpha.count), key, &out, &size)
        return try take(status, out, size)
    }

    /// A JPEG whose frame header claims `width` x `height` (a decompression bomb's header).
    static func jpegClaiming(width: Int, height: Int) throws -> Data {
        var bytes = [UInt8](try jpeg(width: 16, height: 16) { _, _ in (10, 20, 30) })
        guard let sof = (0..<(bytes.count - 1)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
            throw EncodeError(status: VT_ERR_CORRUPT)
        }
        bytes[sof + 5] = UInt8(height >> 8)
        bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8)
        bytes[sof + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }

    /// A PNG whose IHDR claims `width` x `height`, with a valid CRC.
    static func pngClaiming(width: Int, height: Int) throws -> Data {
        var bytes = [UInt8](try png(width: 16, height: 16) { _, _ in (1, 2, 3, 255) })
        // Signature (8), length (4), "IHDR" (4), then width and height, then the CRC at 29.
        for (index, value) in [UInt32(width), UInt32(height)].enumerated() {
            for byte in 0..<4 { bytes[16 + index * 4 + byte] = UInt8(value >> (24 - 8 * UInt32(byte)) & 0xFF) }
        }
        let crc = crc32(bytes[12..<29])
        for byte in 0..<4 { bytes[29 + byte] = UInt8(crc >> (24 - 8 * UInt32(byte)) & 0xFF) }
        return Data(bytes)
    }

    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
