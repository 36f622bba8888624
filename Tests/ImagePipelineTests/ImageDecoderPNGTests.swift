import Foundation
import Testing

@testable import ImagePipeline

private func decode(_ data: Data, _ width: Int, _ height: Int, _ mode: ContentMode = .fit) throws(ImagePipeline.Error) -> Bitmap {
    try ImageDecoder.decode(
        data, targetSize: PixelSize(width: width, height: height), contentMode: mode, maxPixelCount: 50_000_000
    ).bitmap
}

@Suite("ImageDecoder: PNG")
struct ImageDecoderPNGTests {
    @Test func exactColoursAfterResampling() throws {
        let data = try TestImages.png(width: 100, height: 50) { x, _ in x < 50 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        let bitmap = try decode(data, 2, 2)
        #expect(bitmap.size == PixelSize(width: 2, height: 1))
        #expect(bitmap.pixel(x: 0, y: 0) == RGBA(red: 255, green: 0, blue: 0))
        #expect(bitmap.pixel(x: 1, y: 0) == RGBA(red: 0, green: 0, blue: 255))
    }

    @Test func areaAveragingWithFractionalCoverage() throws {
        // 3 columns into 2: the middle column is split half and half.
        let data = try TestImages.png(width: 3, height: 1) { x, _ in [(0, 0, 0, 255), (200, 200, 200, 255), (100, 100, 100, 255)][x] }
        let bitmap = try decode(data, 2, 1)
        // Left: (0 * 1 + 200 * 0.5) / 1.5 = 66.7; right: (200 * 0.5 + 100 * 1) / 1.5 = 133.3.
        #expect(bitmap.pixel(x: 0, y: 0) == RGBA(red: 67, green: 67, blue: 67))
        #expect(bitmap.pixel(x: 1, y: 0) == RGBA(red: 133, green: 133, blue: 133))
    }

    @Test func alphaIsPremultiplied() throws {
        let data = try TestImages.png(width: 4, height: 4) { _, _ in (255, 0, 0, 128) }
        #expect(try decode(data, 4, 4).pixel(x: 1, y: 1) == RGBA(red: 128, green: 0, blue: 0, alpha: 128))
    }

    @Test func premultipliesBeforeResamplingSoHiddenColourDoesNotBleed() throws {
        // Opaque white next to fully transparent red: averaged, no red may show.
        let data = try TestImages.png(width: 2, height: 1) { x, _ in x == 0 ? (255, 255, 255, 255) : (255, 0, 0, 0) }
        #expect(try decode(data, 1, 1).pixel(x: 0, y: 0) == RGBA(red: 128, green: 128, blue: 128, alpha: 128))
    }

    @Test func paletteWithTransparency() throws {
        let rows = (0..<(8 * 8)).map { UInt8($0 % 8 < 4 ? 0 : 1) }
        let data = try TestImages.rawPNG(
            rows: rows, width: 8, height: 8, colorType: .palette, bitDepth: 8,
            palette: [0, 255, 0, 0, 0, 255], paletteAlpha: [255, 0])
        let bitmap = try decode(data, 8, 8)
        #expect(bitmap.pixel(x: 1, y: 1) == RGBA(red: 0, green: 255, blue: 0))
        #expect(bitmap.pixel(x: 6, y: 1) == RGBA(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test func lowBitDepthPalette() throws {
        // 2-bit indices, 4 pixels a byte: 0, 1, 2, 3 repeated.
        let rows = [UInt8](repeating: 0b00_01_10_11, count: 4 * 4)
        let data = try TestImages.rawPNG(
            rows: rows, width: 16, height: 4, colorType: .palette, bitDepth: 2,
            palette: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
        let bitmap = try decode(data, 16, 4)
        #expect(bitmap.pixel(x: 0, y: 0) == RGBA(red: 255, green: 0, blue: 0))
        #expect(bitmap.pixel(x: 3, y: 0) == RGBA(red: 255, green: 255, blue: 255))
    }

    @Test func sixteenBitRGBAIsStrippedToEight() throws {
        // Each sample big-endian: 0xC8xx -> 200 in the high byte.
        let pixel: [UInt8] = [0xC8, 0x10, 0x64, 0x20, 0x32, 0x30, 0xFF, 0xFF]
        let rows = (0..<(4 * 4)).flatMap { _ in pixel }
        let data = try TestImages.rawPNG(rows: rows, width: 4, height: 4, colorType: .rgba, bitDepth: 16)
        let color = try decode(data, 2, 2).pixel(x: 0, y: 0)
        #expect(color?.isClose(to: RGBA(red: 200, green: 100, blue: 50), tolerance: 1) == true)
    }

    @Test func sixteenBitGray() throws {
        let rows = (0..<(4 * 4)).flatMap { _ in [UInt8(0x40), UInt8(0x00)] }
        let data = try TestImages.rawPNG(rows: rows, width: 4, height: 4, colorType: .gray, bitDepth: 16)
        #expect(try decode(data, 4, 4).pixel(x: 2, y: 2) == RGBA(red: 64, green: 64, blue: 64))
    }

    @Test func grayAndGrayAlpha() throws {
        let gray = try TestImages.rawPNG(rows: [UInt8](repeating: 77, count: 16), width: 4, height: 4, colorType: .gray, bitDepth: 8)
        #expect(try decode(gray, 4, 4).pixel(x: 0, y: 0) == RGBA(red: 77, green: 77, blue: 77))
        let grayAlpha = try TestImages.rawPNG(
            rows: (0..<16).flatMap { _ in [UInt8(200), UInt8(51)] }, width: 4, height: 4, colorType: .grayAlpha, bitDepth: 8)
        #expect(try decode(grayAlpha, 4, 4).pixel(x: 0, y: 0) == RGBA(red: 40, green: 40, blue: 40, alpha: 51))
    }

    @Test func oneBitGray() throws {
        let rows = [UInt8](repeating: 0b1010_1010, count: 8)
        let data = try TestImages.rawPNG(rows: rows, width: 8, height: 8, colorType: .gray, bitDepth: 1)
        let bitmap = try decode(data, 8, 8)
        #expect(bitmap.pixel(x: 0, y: 0) == RGBA(red: 255, green: 255, blue: 255))
        #expect(bitmap.pixel(x: 1, y: 0) == RGBA(red: 0, green: 0, blue: 0))
    }

    @Test func rgbWithTransparentColourKey() throws {
        let rows: [UInt8] = (0..<16).flatMap { index -> [UInt8] in index % 2 == 0 ? [10, 20, 30] : [1, 2, 3] }
        let data = try TestImages.rawPNG(rows: rows, width: 4, height: 4, colorType: .rgb, bitDepth: 8, transparentKey: [0, 1, 2, 3])
        let bitmap = try decode(data, 4, 4)
        #expect(bitmap.pixel(x: 0, y: 0) == RGBA(red: 10, green: 20, blue: 30))
        #expect(bitmap.pixel(x: 1, y: 0) == RGBA(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test func interlaced() throws {
        let rows: [UInt8] = (0..<(32 * 32)).flatMap { index -> [UInt8] in index % 32 < 16 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let data = try TestImages.rawPNG(rows: rows, width: 32, height: 32, colorType: .rgba, bitDepth: 8, interlaced: true)
        let bitmap = try decode(data, 8, 8)
        #expect(bitmap.size == PixelSize(width: 8, height: 8))
        #expect(bitmap.pixel(x: 0, y: 7) == RGBA(red: 255, green: 0, blue: 0))
        #expect(bitmap.pixel(x: 7, y: 0) == RGBA(red: 0, green: 0, blue: 255))
    }

    @Test func fillCropsTheCentre() throws {
        let data = try TestImages.png(width: 40, height: 10) { x, _ in x < 10 || x >= 30 ? (255, 0, 0, 255) : (0, 255, 0, 255) }
        let bitmap = try decode(data, 5, 5, .fill)
        #expect(bitmap.size == PixelSize(width: 5, height: 5))
        #expect(bitmap.pixel(x: 0, y: 2) == RGBA(red: 0, green: 255, blue: 0))
        #expect(bitmap.pixel(x: 4, y: 2) == RGBA(red: 0, green: 255, blue: 0))
    }
}
