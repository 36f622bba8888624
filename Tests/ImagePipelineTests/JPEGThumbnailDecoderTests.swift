// The thumbnail decoder is CImageCodec's; where ImageIO decodes, these do not apply.
#if !canImport(ImageIO)
import CImageCodec
import Foundation
import Testing

@testable import ImagePipeline

private func decode(
    _ data: Data, _ width: Int, _ height: Int, _ strategy: ImageDecoder.Strategy, _ mode: ContentMode = .fit
) throws(ImagePipeline.Error) -> ImageDecoder.Output {
    try ImageDecoder.decode(
        data, targetSize: PixelSize(width: width, height: height), contentMode: mode,
        maxPixelCount: 50_000_000, strategy: strategy)
}

/// On two threads in step: where the helper's work is used is the file's doing, not the
/// scheduler's, so a test of the helper route holds on a loaded machine.
private func decodeInStep(_ data: Data, _ width: Int, _ height: Int) throws(ImagePipeline.Error) -> ImageDecoder.Output {
    try ImageDecoder.decodeWithHelperInStep(
        data, targetSize: PixelSize(width: width, height: height), contentMode: .fit, maxPixelCount: 50_000_000)
}

/// The largest and the mean difference of any channel between two bitmaps of one size.
private func difference(_ a: Bitmap, _ b: Bitmap) -> (largest: Int, mean: Double) {
    var largest = 0
    var total = 0
    for (x, y) in zip(a.pixels, b.pixels) {
        let d = abs(Int(x) - Int(y))
        largest = max(largest, d)
        total += d
    }
    return (largest, Double(total) / Double(max(1, a.pixels.count)))
}

/// The offset of the first entropy-coded byte: just after the first SOS segment.
private func firstScanByte(of bytes: [UInt8]) -> Int? {
    guard let sos = (0..<(bytes.count - 3)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }) else {
        return nil
    }
    return sos + 2 + (Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3]))
}

/// How a decode ended, so two decoders can be compared on damaged files.
private func outcome(_ body: () throws(ImagePipeline.Error) -> ImageDecoder.Output) -> String {
    do {
        let output = try body()
        return "decoded \(output.bitmap.size)"
    } catch {
        return "\(error)"
    }
}

/// The thumbnail decoder (jpeg_thumbnail.c) against libjpeg-turbo's own DCT scaling, which it
/// replaces for baseline files and which stays the reference for everything else.
@Suite("ImageDecoder: JPEG thumbnail decoder")
struct JPEGThumbnailDecoderTests {
    static let layouts = [(1, 1), (2, 1), (1, 2), (2, 2)]

    @Test(arguments: layouts)
    func matchesLibjpegScalingForEveryLumaSampling(layout: (Int, Int)) throws {
        // 803 x 611: neither side a multiple of an MCU, so edge MCUs and cropping are exercised.
        let data = try TestImages.layoutJPEG(
            width: 803, height: 611, lumaH: layout.0, lumaV: layout.1, TestImages.noisyPhoto())
        // Fit 100 x 100 and fill 60 x 60 scale by 1/4, fit 40 x 40 by 1/8.
        for (width, height, mode) in [(100, 100, ContentMode.fit), (60, 60, .fill), (40, 40, .fit), (70, 30, .fill)] {
            do {
                let fast = try decode(data, width, height, .targetSizeOnOneThread, mode)
                let reference = try decode(data, width, height, .libjpegScaling, mode)
                #expect(fast.route == .thumbnailDecoder)
                #expect(reference.route == .library)
                #expect(fast.bitmap.size == reference.bitmap.size)
                let (largest, mean) = difference(fast.bitmap, reference.bitmap)
                #expect(largest <= 3, "\(layout) \(width)x\(height) \(mode): largest difference \(largest)")
                #expect(mean < 0.5, "\(layout) \(width)x\(height) \(mode): mean difference \(mean)")
            }
        }
    }

    /// Block by block against libjpeg-turbo's own entropy decoding: every DC difference the
    /// same, every reduced sample within the rounding of a float sum. Quality 100 fills whole
    /// blocks (most end at coefficient 63 with no end-of-block code, and large values take the
    /// one-symbol path); 75 and 50 leave runs of sixteen zeros and more between values, and
    /// tables made for the image give those short codes, so they also come second in a pair.
    @Test(arguments: layouts)
    func everyBlockDecodesAsInLibjpeg(layout: (Int, Int)) throws {
        for (quality, optimized) in [(100, false), (75, false), (50, false), (75, true), (40, true)] {
            let data = try TestImages.layoutJPEG(
                width: 333, height: 250, quality: quality, lumaH: layout.0, lumaV: layout.1,
                optimizedTables: optimized, TestImages.noisyPhoto(seed: UInt64(quality)))
            for denominator in [4, 8] {
                let name = "\(layout) q\(quality)\(optimized ? " optimized" : "") 1/\(denominator)"
                let check = try checkBlocks(data, denominator: denominator)
                let mcus = ((333 + 8 * layout.0 - 1) / (8 * layout.0)) * ((250 + 8 * layout.1 - 1) / (8 * layout.1))
                #expect(check.blocks == mcus * (layout.0 * layout.1 + 2), "\(name)")
                #expect(check.mismatches == 0, "\(name): \(check.mismatches) blocks")
                #expect(check.largest <= 1, "\(name)")
            }
        }
    }

    /// The eight-pixel colour conversion against libjpeg's integer arithmetic, on all 2^24
    /// YCbCr triples.
    @Test func colourConversionIsLibjpegsForEveryPixel() {
        #expect(vt_test_ycc_to_rgba_check() == 0)
    }

    @Test func everyGreyBlockDecodesAsInLibjpeg() throws {
        let data = try TestImages.grayJPEG(width: 301, height: 203) { x, y in UInt8((x * 13 + y * 7 + (x * y) % 31) % 256) }
        let check = try checkBlocks(data, denominator: 4)
        #expect(check.blocks == 38 * 26)
        #expect(check.mismatches == 0)
        #expect(check.largest <= 1)
    }

    /// A file made by hand with every quantiser 255 and 15-bit AC values that cancel out, so
    /// the decoder's float sums are off by a few eighths of a level (half a level at most).
    /// The check allows what float rounding allows there, and 1 elsewhere.
    @Test func hugeCancellingValuesStayWithinFloatRounding() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/regressions/jpeg-large-cancelling-values.jpg").standardizedFileURL
        let check = try checkBlocks(try Data(contentsOf: file), denominator: 4)
        #expect(check.blocks == 64)
        #expect(check.mismatches == 0)
        #expect(check.largest > 1, "the file no longer exercises float rounding")
    }

    private func checkBlocks(_ data: Data, denominator: Int) throws -> (blocks: Int, mismatches: Int, largest: Int) {
        var blocks = 0
        var mismatches = 0
        var largest: Int32 = 0
        let status = data.withUnsafeBytes { bytes in
            vt_test_jpeg_thumbnail_check(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, Int32(denominator), &blocks, &mismatches,
                &largest)
        }
        try #require(status == VT_OK)
        return (blocks, mismatches, Int(largest))
    }

    /// At quality 100 (every quantiser 1) noise fills whole blocks: most end at coefficient 63
    /// with no end-of-block code, so a pair look-up there would also read the next block's DC
    /// code, and large values take the one-symbol path. Widths 70 and 60 scale the 1/4 decode
    /// by a fraction, so an output pixel weighs parts of blocks and a wrong AC value or place
    /// shows; 35 is 1/8. The difference to libjpeg's scaling must stay that of rounding.
    @Test(arguments: layouts)
    func blocksWithoutAnEndOfBlockMatchLibjpegScaling(layout: (Int, Int)) throws {
        let data = try TestImages.layoutJPEG(
            width: 640, height: 480, quality: 100, lumaH: layout.0, lumaV: layout.1, TestImages.noisyPhoto(seed: 11))
        for width in [70, 60, 35] {
            let fast = try decode(data, width, width, .targetSizeOnOneThread)
            let reference = try decode(data, width, width, .libjpegScaling)
            #expect(fast.route == .thumbnailDecoder)
            let (largest, mean) = difference(fast.bitmap, reference.bitmap)
            #expect(largest <= 2, "\(layout) at \(width): largest difference \(largest)")
            #expect(mean < 0.2, "\(layout) at \(width): mean difference \(mean)")
        }
    }

    @Test func grayMatchesLibjpegScaling() throws {
        let data = try TestImages.grayJPEG(width: 517, height: 389) { x, y in UInt8((x * 7 + y * 3) % 256) }
        let fast = try decode(data, 60, 60, .targetSizeOnOneThread)
        let reference = try decode(data, 60, 60, .libjpegScaling)
        #expect(fast.route == .thumbnailDecoder)
        #expect(difference(fast.bitmap, reference.bitmap).largest <= 3)
        #expect(fast.bitmap.pixel(x: 10, y: 10)?.red == fast.bitmap.pixel(x: 10, y: 10)?.green)
    }

    @Test func aKnownColourAtBothScales() throws {
        let data = try TestImages.layoutJPEG(width: 1200, height: 800, lumaH: 2, lumaV: 2) { x, _ in
            x < 600 ? (200, 40, 90) : (20, 160, 230)
        }
        for width in [150, 60] {
            let bitmap = try decode(data, width, width, .targetSizeOnOneThread).bitmap
            #expect(bitmap.pixel(atFractionX: 0.2, y: 0.5)?.isClose(to: RGBA(red: 200, green: 40, blue: 90)) == true)
            #expect(bitmap.pixel(atFractionX: 0.8, y: 0.5)?.isClose(to: RGBA(red: 20, green: 160, blue: 230)) == true)
        }
    }

    /// The helper thread's records are taken only from where both decoders stand at the same
    /// bit, so two threads give the very bytes one thread gives.
    @Test(arguments: layouts)
    func twoThreadsGiveTheBytesOfOne(layout: (Int, Int)) throws {
        let data = try TestImages.layoutJPEG(
            width: 1600, height: 1200, quality: 92, lumaH: layout.0, lumaV: layout.1, TestImages.noisyPhoto(seed: 7))
        for width in [150, 80] { // 1/4 and 1/8 of 1600
            let two = try decodeInStep(data, width, width)
            let one = try decode(data, width, width, .targetSizeOnOneThread)
            #expect(two.route == .thumbnailDecoderWithHelper, "\(layout) at \(width)")
            #expect(one.route == .thumbnailDecoder)
            #expect(two.bitmap.pixels == one.bitmap.pixels, "\(layout) at \(width)")
        }
    }

    @Test func filesItDoesNotTakeGoToLibjpeg() throws {
        let progressive = try TestImages.jpeg(width: 900, height: 700, progressive: true, TestImages.noisyPhoto())
        let restarts = try TestImages.layoutJPEG(
            width: 900, height: 700, lumaH: 2, lumaV: 2, restartRows: 2, TestImages.noisyPhoto())
        let cmyk = try TestImages.cmykJPEG(width: 640, height: 480, ink: (10, 200, 30, 0))
        for data in [progressive, restarts, cmyk] {
            let output = try decode(data, 100, 100, .targetSize)
            #expect(output.route == .library)
            #expect(output.bitmap.pixels == (try decode(data, 100, 100, .libjpegScaling)).bitmap.pixels)
        }
        // Large enough a target that libjpeg-turbo scales by 1/2 (or not at all).
        let baseline = try TestImages.layoutJPEG(width: 800, height: 600, lumaH: 2, lumaV: 2, TestImages.noisyPhoto())
        #expect(try decode(baseline, 300, 300, .targetSize).route == .library)
    }

    /// Cuts anywhere, in the main decoder's part or the helper's: the same error as libjpeg.
    @Test func truncatedFilesFailAsWithLibjpeg() throws {
        let data = try TestImages.layoutJPEG(
            width: 1600, height: 1200, lumaH: 2, lumaV: 2, TestImages.noisyPhoto(seed: 3))
        for cut in [0.3, 0.5, 0.6, 0.9, 0.999] {
            let prefix = data.prefix(Int(Double(data.count) * cut))
            for strategy in [ImageDecoder.Strategy.targetSize, .targetSizeOnOneThread] {
                #expect(throws: ImagePipeline.Error.truncated) { try decode(prefix, 150, 150, strategy) }
            }
        }
        // Every MCU present but no EOI: libjpeg-turbo calls that truncated too.
        let withoutEOI = data.dropLast(2)
        #expect(try decodeInStep(data, 150, 150).route == .thumbnailDecoderWithHelper)
        #expect(throws: ImagePipeline.Error.truncated) { try decode(withoutEOI, 150, 150, .targetSize) }
        #expect(throws: ImagePipeline.Error.truncated) { try decode(withoutEOI, 150, 150, .libjpegScaling) }
    }

    /// Damage in the scan (seeded byte changes, some of them 0xFF): whatever libjpeg-turbo
    /// says of the file, the thumbnail decoder says too, with one thread or two.
    @Test func damagedScansEndAsWithLibjpeg() throws {
        let data = try TestImages.layoutJPEG(
            width: 1280, height: 960, lumaH: 2, lumaV: 2, TestImages.noisyPhoto(seed: 11))
        var generator = SplitMix(seed: 42)
        let scanStart = try #require(firstScanByte(of: [UInt8](data)))
        var failures = 0
        for round in 0..<40 {
            var damaged = data
            for _ in 0..<(1 + round % 3) {
                let index = scanStart + Int(generator.next() % UInt64(data.count - scanStart - 2))
                damaged[index] = round % 4 == 0 ? 0xFF : UInt8(truncatingIfNeeded: generator.next())
            }
            let reference = outcome { () throws(ImagePipeline.Error) in try decode(damaged, 150, 150, .libjpegScaling) }
            if !reference.hasPrefix("decoded") { failures += 1 }
            for strategy in [ImageDecoder.Strategy.targetSize, .targetSizeOnOneThread] {
                let result = outcome { () throws(ImagePipeline.Error) in try decode(damaged, 150, 150, strategy) }
                #expect(result == reference, "round \(round), \(strategy)")
            }
        }
        #expect(failures > 0) // the damage did reach the decoders
    }

    /// A marker inside the scan before the helper's starting point ends the main decoder's
    /// data there; the helper, reading on past it, must never be taken for the same bits.
    @Test func aMarkerBeforeTheHelpersStartEndsAsWithLibjpeg() throws {
        let data = try TestImages.layoutJPEG(
            width: 1600, height: 1200, lumaH: 2, lumaV: 2, TestImages.noisyPhoto(seed: 13))
        let bytes = [UInt8](data)
        let scanStart = try #require(firstScanByte(of: bytes))
        for (fraction, marker) in [(0.1, UInt8(0xD9)), (0.3, 0xD0), (0.5, 0xC4)] {
            var damaged = bytes
            let at = scanStart + Int(Double(bytes.count - scanStart) * fraction)
            damaged[at] = 0xFF
            damaged[at + 1] = marker
            let file = Data(damaged)
            let reference = outcome { () throws(ImagePipeline.Error) in try decode(file, 150, 150, .libjpegScaling) }
            for strategy in [ImageDecoder.Strategy.targetSize, .targetSizeOnOneThread] {
                let result = outcome { () throws(ImagePipeline.Error) in try decode(file, 150, 150, strategy) }
                #expect(result == reference, "marker \(marker) at \(fraction) with \(strategy)")
            }
        }
    }

    /// A scan header that is not the sequential one (here spectral end 62): libjpeg-turbo
    /// refuses it, at every scale.
    @Test func aScanHeaderThatIsNotSequentialIsRefused() throws {
        var bytes = [UInt8](try TestImages.layoutJPEG(width: 640, height: 480, lumaH: 2, lumaV: 2, TestImages.noisyPhoto()))
        let scanStart = try #require(firstScanByte(of: bytes))
        #expect(bytes[scanStart - 2] == 63) // Ss, Se, Ah/Al close the SOS segment
        bytes[scanStart - 2] = 62
        for width in [80, 40] {
            for strategy in [ImageDecoder.Strategy.targetSize, .targetSizeOnOneThread, .libjpegScaling] {
                #expect(throws: ImagePipeline.Error.corrupt) { try decode(Data(bytes), width, width, strategy) }
            }
        }
    }

    /// Inputs the fuzzer (scripts/fuzz_images.sh) found breaking an invariant once.
    @Test func fuzzRegressionsEndAsWithLibjpeg() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/regressions").standardizedFileURL
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jpg" }
        #expect(files.count >= 4)
        for file in files {
            let data = try Data(contentsOf: file)
            for width in [8, 32, 150] {
                let reference = outcome { () throws(ImagePipeline.Error) in try decode(data, width, width, .libjpegScaling) }
                for strategy in [ImageDecoder.Strategy.targetSize, .targetSizeOnOneThread] {
                    let result = outcome { () throws(ImagePipeline.Error) in try decode(data, width, width, strategy) }
                    #expect(result == reference, "\(file.lastPathComponent) at \(width)")
                }
            }
        }
    }

    /// A stream built so that the helper makes thousands of false starts (one bit each) before
    /// it meets the main decoder: more records than its ring holds, so the main decoder gives
    /// such stretches up. Two threads must still give what one gives, whatever the timing.
    @Test func aHelperThatStartsFalselyManyTimesChangesNothing() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/regressions/jpeg-helper-false-starts.jpg").standardizedFileURL
        let data = try Data(contentsOf: file)
        let one = try decode(data, 150, 150, .targetSizeOnOneThread)
        #expect(one.route == .thumbnailDecoder)
        #expect(try decodeInStep(data, 150, 150).bitmap.pixels == one.bitmap.pixels)
        for _ in 0..<12 {
            let two = try decode(data, 150, 150, .targetSize)
            #expect(two.bitmap.pixels == one.bitmap.pixels)
        }
    }

    /// The pipeline lends a decode a second thread only while it is the one decode running.
    @Test func thePipelineSplitsOnlyALoneDecode() {
        #expect(ImagePipeline.decodeStrategy(decodesRunning: 1) == .targetSize)
        #expect(ImagePipeline.decodeStrategy(decodesRunning: 2) == .targetSizeOnOneThread)
        #expect(ImagePipeline.decodeStrategy(decodesRunning: 9) == .targetSizeOnOneThread)
    }

    /// The helper's records are counted, and live in a ring, handed back as they are placed,
    /// of at most 128 KiB and no more than the decode holds already: two threads need at most
    /// twice the memory of one, and what the helper adds does not grow with the image.
    @Test func helperMemoryIsCountedAndBounded() throws {
        // At 150 pixels the decode holds less than 128 KiB, at 300 more.
        for (width, height, target) in [(1600, 1200, 150), (3200, 2400, 300)] {
            let data = try TestImages.layoutJPEG(
                width: width, height: height, lumaH: 2, lumaV: 2, TestImages.noisyPhoto(seed: 9))
            let two = try decodeInStep(data, target, target)
            let one = try decode(data, target, target, .targetSizeOnOneThread)
            #expect(two.route == .thumbnailDecoderWithHelper)
            #expect(two.bitmap.pixels == one.bitmap.pixels)
            #expect(two.peakPixelBytes > one.peakPixelBytes)
            #expect(two.peakPixelBytes <= 2 * one.peakPixelBytes, "\(width) x \(height)")
            #expect(two.peakPixelBytes - one.peakPixelBytes <= 128 << 10, "\(width) x \(height)")
            let full = try decode(data, target, target, .fullSizeThenResample)
            #expect(two.peakPixelBytes * 4 < full.peakPixelBytes)
        }
    }
}

/// A small seeded generator for reproducible damage.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
#endif
