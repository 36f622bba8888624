import ImagePipeline
#if canImport(SwiftUI)
import CoreGraphics
#else
import CoreGraphicsDeclarations
#endif

extension Bitmap {
    /// The bitmap as a `CGImage` SwiftUI can draw: 8-bit RGBA, premultiplied (as
    /// `ImagePipeline` decodes), sRGB. Nil when the bytes do not fill the rows they claim.
    var cgImage: CGImage? {
        guard width > 0, height > 0, bytesPerRow >= width * 4, pixels.count >= bytesPerRow * height,
            let space = CGColorSpace(name: CGColorSpace.sRGB) else { return nil }
        let data = pixels.withUnsafeBufferPointer { buffer in
            CFDataCreate(nil, buffer.baseAddress, pixels.count)
        }
        guard let data, let provider = CGDataProvider(data: data) else { return nil }
        return CGImage(
            width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: bytesPerRow, space: space,
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue), provider: provider, decode: nil,
            shouldInterpolate: true, intent: .defaultIntent)
    }
}
