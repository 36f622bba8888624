import CImageCodec

/// Draws an image from its spec and encodes it through the C codec target. Deterministic:
/// the same spec gives the same bytes (a diagonal gradient, a disc and stripes, coloured
/// from the seed), which is what makes the ETag a promise.
enum ImageGenerator {
    enum Failure: Error {
        case encoder(Int32)
    }

    static func encode(_ spec: ImageSpec) throws -> [UInt8] {
        switch spec.format {
        case .jpeg:
            let pixels = draw(spec, channels: 3)
            return try pixels.withUnsafeBufferPointer { buffer throws in
                try take { output, size in
                    vt_jpeg_encode_rgb(buffer.baseAddress, Int32(spec.width), Int32(spec.height), 85, 0, output, size)
                }
            }
        case .png:
            let pixels = draw(spec, channels: 4)
            return try pixels.withUnsafeBufferPointer { buffer throws in
                try take { output, size in
                    vt_png_encode_rgba(buffer.baseAddress, Int32(spec.width), Int32(spec.height), output, size)
                }
            }
        }
    }

    /// Calls an encoder and copies its malloc'ed output into Swift memory.
    private static func take(
        _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>) -> vt_status
    ) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = encode(&output, &size)
        defer { vt_free(output) }
        guard status == VT_OK, let output else { throw Failure.encoder(Int32(status.rawValue)) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    private static func draw(_ spec: ImageSpec, channels: Int) -> [UInt8] {
        let width = spec.width
        let height = spec.height
        let seed = spec.seed
        let from = color(seed)
        let to = color(seed >> 24)
        let accent = color(seed >> 40)
        let centerX = width / 4 + Int(seed % UInt64(width / 2))
        let centerY = height / 4 + Int((seed >> 16) % UInt64(height / 2))
        let radius = min(width, height) / 5 + Int((seed >> 8) % UInt64(min(width, height) / 5))
        let stripe = 24 + Int((seed >> 32) % 48)
        let corner = width / 8
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let dy = y - centerY
                for x in 0..<width {
                    let t = (x + y) * 255 / (width + height)
                    var rgb = (
                        (from.0 * (255 - t) + to.0 * t) / 255,
                        (from.1 * (255 - t) + to.1 * t) / 255,
                        (from.2 * (255 - t) + to.2 * t) / 255
                    )
                    let dx = x - centerX
                    if dx * dx + dy * dy < radius * radius {
                        rgb = accent
                    } else if ((x + 2 * y) / stripe) % 7 == 0 {
                        rgb = ((rgb.0 + 255) / 2, (rgb.1 + 255) / 2, (rgb.2 + 255) / 2)
                    }
                    let index = (y * width + x) * channels
                    buffer[index] = UInt8(rgb.0)
                    buffer[index + 1] = UInt8(rgb.1)
                    buffer[index + 2] = UInt8(rgb.2)
                    if channels == 4 {
                        buffer[index + 3] = isInsideRoundedRect(x: x, y: y, width: width, height: height, radius: corner) ? 255 : 0
                    }
                }
            }
        }
        return pixels
    }

    private static func color(_ bits: UInt64) -> (Int, Int, Int) {
        (40 + Int(bits & 0xFF) % 200, 40 + Int((bits >> 8) & 0xFF) % 200, 40 + Int((bits >> 16) & 0xFF) % 200)
    }

    private static func isInsideRoundedRect(x: Int, y: Int, width: Int, height: Int, radius: Int) -> Bool {
        let cx = x < radius ? radius - x : (x >= width - radius ? x - (width - radius - 1) : 0)
        let cy = y < radius ? radius - y : (y >= height - radius ? y - (height - radius - 1) : 0)
        return cx * cx + cy * cy <= radius * radius
    }
}
