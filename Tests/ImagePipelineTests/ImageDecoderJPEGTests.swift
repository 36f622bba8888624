import Foundation
import Testing

@testable import ImagePipeline

private func decode(
    _ data: Data, _ width: Int, _ height: Int, _ mode: ContentMode = .fit,
    strategy: ImageDecoder.Strategy = .targetSize
) throws(ImagePipeline.Error) -> ImageDecoder.Output {
    try ImageDecoder.decode(
        data, targetSize: PixelSize(width: width, height: height), contentMode: mode,
        maxPixelCount: 50_000_000, strategy: strategy)
}

@Suite("ImageDecoder: JPEG")
struct ImageDecoderJPEGTests {
    static let red = RGBA(red: 255, green: 0, blue: 0)
    static let green = RGBA(red: 0, green: 255, blue: 0)
    static let blue = RGBA(red: 0, green: 0, blue: 255)
    static let white = RGBA(red: 255, green: 255, blue: 255)

    /// Left quarter red, middle half green, right quarter blue.
    static func bands(_ x: Int, _ width: Int) -> (UInt8, UInt8, UInt8) {
        x < width / 4 ? (255, 0, 0) : (x < width * 3 / 4 ? (0, 255, 0) : (0, 0, 255))
    }

    @Test func fitKeepsTheAspectRatioInsideTheTarget() throws {
        let data = try TestImages.jpeg(width: 400, height: 200) { x, _ in Self.bands(x, 400) }
        let bitmap = try decode(data, 100, 100, .fit).bitmap
        #expect(bitmap.size == PixelSize(width: 100, height: 50))
        #expect(bitmap.bytesPerRow == 400)
        #expect(bitmap.pixel(atFractionX: 0.05, y: 0.5)?.isClose(to: Self.red) == true)
        #expect(bitmap.pixel(atFractionX: 0.95, y: 0.5)?.isClose(to: Self.blue) == true)
    }

    @Test func fillCoversTheTargetAndCropsTheCentre() throws {
        let data = try TestImages.jpeg(width: 400, height: 200) { x, _ in Self.bands(x, 400) }
        let bitmap = try decode(data, 100, 100, .fill).bitmap
        #expect(bitmap.size == PixelSize(width: 100, height: 100))
        // The centre 200 x 200 is all green: the red and blue quarters are cropped away.
        #expect(bitmap.pixel(atFractionX: 0.02, y: 0.5)?.isClose(to: Self.green) == true)
        #expect(bitmap.pixel(atFractionX: 0.98, y: 0.5)?.isClose(to: Self.green) == true)
    }

    @Test func fillOfATallTargetOnAWideImage() throws {
        let data = try TestImages.jpeg(width: 300, height: 100) { _, _ in (40, 80, 120) }
        let bitmap = try decode(data, 30, 60, .fill).bitmap
        #expect(bitmap.size == PixelSize(width: 30, height: 60))
    }

    @Test func neverUpscales() throws {
        let data = try TestImages.jpeg(width: 50, height: 40) { _, _ in (1, 2, 3) }
        #expect(try decode(data, 200, 200, .fit).bitmap.size == PixelSize(width: 50, height: 40))
        #expect(try decode(data, 200, 100, .fill).bitmap.size == PixelSize(width: 50, height: 25))
    }

    @Test func knownColourSurvivesDCTScalingAndResampling() throws {
        let data = try TestImages.jpeg(width: 1600, height: 1200) { _, _ in (200, 100, 50) }
        let bitmap = try decode(data, 100, 100, .fit).bitmap
        #expect(bitmap.size == PixelSize(width: 100, height: 75))
        #expect(bitmap.pixel(x: 50, y: 37)?.isClose(to: RGBA(red: 200, green: 100, blue: 50), tolerance: 4) == true)
    }

    @Test func averagesFineDetailInsteadOfSkippingIt() throws {
        // One-pixel black and white columns average to mid grey; point sampling would not.
        let data = try TestImages.jpeg(width: 800, height: 400, quality: 100) { x, _ in x % 2 == 0 ? (0, 0, 0) : (255, 255, 255) }
        let bitmap = try decode(data, 100, 50, .fit).bitmap
        #expect(bitmap.pixel(x: 50, y: 25)?.isClose(to: RGBA(red: 128, green: 128, blue: 128), tolerance: 10) == true)
    }

    @Test func thumbnailHoldsAFractionOfTheFullDecodePixels() throws {
        let data = try TestImages.jpeg(width: 1600, height: 1200) { x, y in (UInt8(x & 255), UInt8(y & 255), 90) }
        let thumbnail = try decode(data, 150, 150, .fit)
        let full = try decode(data, 150, 150, .fit, strategy: .fullSizeThenResample)
        #expect(thumbnail.bitmap.size == full.bitmap.size)
        #expect(thumbnail.peakPixelBytes * 8 <= full.peakPixelBytes)
        #expect(full.peakPixelBytes >= 1600 * 1200 * 4)
    }

    @Test func progressive() throws {
        let data = try TestImages.jpeg(width: 640, height: 480, progressive: true) { x, _ in Self.bands(x, 640) }
        let bitmap = try decode(data, 64, 64, .fit).bitmap
        #expect(bitmap.size == PixelSize(width: 64, height: 48))
        #expect(bitmap.pixel(atFractionX: 0.05, y: 0.5)?.isClose(to: Self.red, tolerance: 10) == true)
        #expect(bitmap.pixel(atFractionX: 0.5, y: 0.5)?.isClose(to: Self.green, tolerance: 10) == true)
    }

    @Test func grayscaleBecomesEqualChannels() throws {
        let data = try TestImages.grayJPEG(width: 200, height: 100) { _, _ in 90 }
        let bitmap = try decode(data, 50, 50, .fit).bitmap
        #expect(bitmap.size == PixelSize(width: 50, height: 25))
        #expect(bitmap.pixel(x: 25, y: 12)?.isClose(to: RGBA(red: 90, green: 90, blue: 90), tolerance: 2) == true)
    }

    @Test func adobeCMYKBecomesRGB() throws {
        // Magenta and yellow ink, no cyan or black: red.
        let data = try TestImages.cmykJPEG(width: 64, height: 64, ink: (0, 255, 255, 0))
        let bitmap = try decode(data, 16, 16, .fit).bitmap
        #expect(bitmap.pixel(x: 8, y: 8)?.isClose(to: Self.red, tolerance: 8) == true)
        // Half black on cyan: dark teal.
        let teal = try decode(try TestImages.cmykJPEG(width: 64, height: 64, ink: (255, 0, 0, 128)), 16, 16).bitmap
        #expect(teal.pixel(x: 8, y: 8)?.isClose(to: RGBA(red: 0, green: 127, blue: 127), tolerance: 8) == true)
    }

    /// Quadrants: red top left, green top right, blue bottom left, white bottom right.
    static func quadrants(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        switch (x < 40, y < 20) {
        case (true, true): (255, 0, 0)
        case (false, true): (0, 255, 0)
        case (true, false): (0, 0, 255)
        case (false, false): (255, 255, 255)
        }
    }

    static let wide = PixelSize(width: 80, height: 40)
    static let tall = PixelSize(width: 40, height: 80)
    /// Orientation, the colour that must end up top left, and the display size.
    static let orientations: [(Int, RGBA, PixelSize)] = [
        (1, red, wide), (2, green, wide), (3, white, wide), (4, blue, wide),
        (5, red, tall), (6, blue, tall), (7, white, tall), (8, green, tall),
    ]

    @Test(arguments: orientations)
    func exifOrientationIsApplied(orientation: Int, topLeft: RGBA, size: PixelSize) throws {
        for bigEndian in [true, false] {
            let data = try TestImages.orientedJPEG(width: 80, height: 40, orientation: orientation, bigEndian: bigEndian, Self.quadrants)
            let bitmap = try decode(data, 200, 200, .fit).bitmap
            #expect(bitmap.size == size)
            #expect(bitmap.pixel(atFractionX: 0.1, y: 0.1)?.isClose(to: topLeft, tolerance: 12) == true)
        }
    }

    @Test func orientationSwapsTheTargetSides() throws {
        // Stored 800 x 400 turned a quarter: displayed 400 x 800, so fitting 100 x 100 gives 50 x 100.
        let data = try TestImages.orientedJPEG(width: 800, height: 400, orientation: 6, bigEndian: false, { _, _ in (9, 9, 9) })
        #expect(try decode(data, 100, 100, .fit).bitmap.size == PixelSize(width: 50, height: 100))
        #expect(try decode(data, 100, 40, .fill).bitmap.size == PixelSize(width: 100, height: 40))
    }
}
