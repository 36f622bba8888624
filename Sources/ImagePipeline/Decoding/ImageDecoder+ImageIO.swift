#if canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO

extension ImageDecoder {
    /// Apple platforms: ImageIO's thumbnailing decodes at a reduced size and applies the EXIF
    /// orientation itself; the centred crop is then drawn into premultiplied RGBA.
    static func platformDecode(
        _ data: Data,
        format: ImageFormat,
        targetSize: PixelSize,
        contentMode: ContentMode,
        maxPixelCount: Int,
        strategy: Strategy
    ) throws(ImagePipeline.Error) -> Output {
        let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let source = CGImageSourceCreateWithData(data as CFData, sourceOptions) else {
            throw .corrupt
        }
        // The header only: nothing is decoded yet.
        guard let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
            let width = properties[kCGImagePropertyPixelWidth] as? Int,
            let height = properties[kCGImagePropertyPixelHeight] as? Int
        else {
            throw CGImageSourceGetStatus(source) == .statusIncomplete ? .truncated : .corrupt
        }
        guard width * height <= maxPixelCount else {
            throw .tooLarge(pixels: width * height, limit: maxPixelCount)
        }
        let orientation = properties[kCGImagePropertyOrientation] as? Int ?? 1
        let plan = DecodePlan(
            storedWidth: width, storedHeight: height, orientation: orientation,
            target: targetSize, mode: contentMode)
        let out = plan.displaySize
        let transposed = orientation >= 5
        let displayCropWidth = transposed ? plan.cropHeight : plan.cropWidth
        let scale = Double(out.width) / max(1, displayCropWidth)
        let longerSide = Double(max(width, height))
        var thumbnailOptions: [CFString: Any] = [
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceShouldCacheImmediately: true,
        ]
        if strategy != .fullSizeThenResample {
            thumbnailOptions[kCGImageSourceCreateThumbnailFromImageAlways] = true
            thumbnailOptions[kCGImageSourceThumbnailMaxPixelSize] = Int((longerSide * scale).rounded(.up))
        } else {
            thumbnailOptions[kCGImageSourceCreateThumbnailFromImageAlways] = true
            thumbnailOptions[kCGImageSourceThumbnailMaxPixelSize] = Int(longerSide)
        }
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnailOptions as CFDictionary) else {
            throw CGImageSourceGetStatus(source) == .statusIncomplete ? .truncated : .corrupt
        }
        var pixels = [UInt8](repeating: 0, count: out.width * out.height * 4)
        let drawn = pixels.withUnsafeMutableBytes { buffer -> Bool in
            guard
                let context = CGContext(
                    data: buffer.baseAddress, width: out.width, height: out.height, bitsPerComponent: 8,
                    bytesPerRow: out.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { return false }
            context.interpolationQuality = .high
            // Cover the output and centre: the crop of `fill`, the identity of `fit`.
            let cover = max(Double(out.width) / Double(image.width), Double(out.height) / Double(image.height))
            let drawWidth = Double(image.width) * cover, drawHeight = Double(image.height) * cover
            context.draw(
                image,
                in: CGRect(
                    x: (Double(out.width) - drawWidth) / 2, y: (Double(out.height) - drawHeight) / 2,
                    width: drawWidth, height: drawHeight))
            return true
        }
        guard drawn else { throw .outOfMemory }
        let bitmap = Bitmap(width: out.width, height: out.height, bytesPerRow: out.width * 4, pixels: pixels)
        return Output(bitmap: bitmap, peakPixelBytes: image.bytesPerRow * image.height + pixels.count)
    }
}
#endif
