import CImageCodec
import Foundation

extension ImagesBench {
    /// The bench's own images: smooth gradients with per-pixel noise, so the entropy coder and
    /// the PNG filters do real work (flat colour would flatter every decoder).
    enum Fixtures {
        /// A 4000 x 3000 baseline JPEG, quality 85, 4:2:0 (libjpeg's defaults). Noise of
        /// `noise` levels (a power of two) a pixel: 32 gives about 1.8 bits a pixel, like a
        /// camera photo; 4 gives a smooth, product-shot-like image of a tenth the size.
        static func jpeg(width: Int = 4000, height: Int = 3000, noise amplitude: Int = 32) -> Data? {
            var noise = Noise(seed: 0x5EED_1234)
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    let offset = (y * width + x) * 3
                    let n = Int(noise.next() & UInt64(amplitude - 1)) - amplitude / 2
                    rgb[offset] = clamp(x * 255 / width + n)
                    rgb[offset + 1] = clamp(y * 255 / height + n)
                    rgb[offset + 2] = clamp((x + y) * 255 / (width + height) - n)
                }
            }
            var out: UnsafeMutablePointer<UInt8>?
            var size = 0
            guard vt_jpeg_encode_rgb(rgb, Int32(width), Int32(height), 85, 0, &out, &size) == VT_OK, let out else {
                return nil
            }
            defer { vt_free(out) }
            return Data(bytes: out, count: size)
        }

        /// A 2000 x 2000 RGBA PNG with an alpha gradient.
        static func png(side: Int = 2000) -> Data? {
            var noise = Noise(seed: 0xBEEF_CAFE)
            var rgba = [UInt8](repeating: 0, count: side * side * 4)
            for y in 0..<side {
                for x in 0..<side {
                    let offset = (y * side + x) * 4
                    let n = Int(noise.next() & 15) - 8
                    rgba[offset] = clamp(x * 255 / side + n)
                    rgba[offset + 1] = clamp(y * 255 / side - n)
                    rgba[offset + 2] = clamp(128 + n)
                    rgba[offset + 3] = clamp(255 - y * 128 / side)
                }
            }
            var out: UnsafeMutablePointer<UInt8>?
            var size = 0
            guard vt_png_encode_rgba(rgba, Int32(side), Int32(side), &out, &size) == VT_OK, let out else { return nil }
            defer { vt_free(out) }
            return Data(bytes: out, count: size)
        }

        private static func clamp(_ value: Int) -> UInt8 {
            UInt8(max(0, min(255, value)))
        }
    }

    /// xorshift64: deterministic, so every run benches the same bytes.
    struct Noise {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }
}
