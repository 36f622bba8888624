#if !canImport(ImageIO)
import CImageCodec
import Foundation

extension ImageDecoder {
    /// Linux and other non-Apple platforms: libjpeg-turbo and libpng through CImageCodec.
    /// Tests: `decode` on two threads in step, the calling thread waiting for each of the
    /// helper's stretches to be decoded before it looks at it, so where the helper's work is
    /// used is the file's doing, not the scheduler's (the bytes are the same either way).
    static func decodeWithHelperInStep(
        _ data: Data, targetSize: PixelSize, contentMode: ContentMode, maxPixelCount: Int
    ) throws(ImagePipeline.Error) -> Output {
        try platformDecode(
            data, format: ImageFormat(sniffing: data), targetSize: targetSize, contentMode: contentMode, maxPixelCount: maxPixelCount,
            strategy: .targetSize, helperInStep: true)
    }

    static func platformDecode(
        _ data: Data,
        format: ImageFormat,
        targetSize: PixelSize,
        contentMode: ContentMode,
        maxPixelCount: Int,
        strategy: Strategy,
        helperInStep: Bool = false
    ) throws(ImagePipeline.Error) -> Output {
        let result: Result<Output, ImagePipeline.Error> = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                return .failure(.truncated)
            }
            var info = vt_image_info()
            let infoStatus = vt_image_read_info(base, raw.count, &info)
            guard infoStatus == VT_OK else {
                return .failure(error(infoStatus, format: format, pixels: 0, limit: maxPixelCount))
            }
            let pixels = Int(info.width) * Int(info.height)
            guard pixels <= maxPixelCount else {
                return .failure(.tooLarge(pixels: pixels, limit: maxPixelCount))
            }
            let plan = DecodePlan(
                storedWidth: Int(info.width), storedHeight: Int(info.height),
                orientation: Int(info.orientation), target: targetSize, mode: contentMode)
            var request = vt_decode_request()
            request.crop_width = plan.cropWidth
            request.crop_height = plan.cropHeight
            request.out_width = Int32(plan.outputWidth)
            request.out_height = Int32(plan.outputHeight)
            request.max_pixels = UInt64(max(0, maxPixelCount))
            request.full_decode = strategy == .fullSizeThenResample ? 1 : 0
            let cores = ProcessInfo.processInfo.activeProcessorCount
            request.threads = strategy == .targetSizeOnOneThread ? 1 : Int32(min(2, cores))
            request.reference_jpeg = strategy == .libjpegScaling ? 1 : 0
            if helperInStep {
                request.threads = 2
                request.helper_in_step = 1
            }
            var decoded = vt_decode_result()
            let status = vt_image_decode(base, raw.count, &request, &decoded)
            guard status == VT_OK, let output = decoded.pixels else {
                return .failure(error(status, format: format, pixels: pixels, limit: maxPixelCount))
            }
            defer { vt_free(output) }
            let width = Int(decoded.width), height = Int(decoded.height)
            let bitmap = Bitmap(
                width: width, height: height, bytesPerRow: width * 4,
                pixels: Array(UnsafeBufferPointer(start: output, count: width * height * 4)))
            let route: Route =
                switch decoded.route {
                case 1: .thumbnailDecoder
                case 2: .thumbnailDecoderWithHelper
                default: .library
                }
            return .success(Output(bitmap: bitmap, peakPixelBytes: Int(decoded.peak_pixel_bytes), route: route))
        }
        return try result.get()
    }

    private static func error(_ status: vt_status, format: ImageFormat, pixels: Int, limit: Int) -> ImagePipeline.Error {
        switch status {
        case VT_ERR_TRUNCATED: .truncated
        case VT_ERR_UNSUPPORTED: .unsupportedFormat(format.rawValue)
        case VT_ERR_TOO_LARGE: .tooLarge(pixels: pixels, limit: limit)
        case VT_ERR_NO_MEMORY: .outOfMemory
        default: .corrupt
        }
    }
}
#endif
