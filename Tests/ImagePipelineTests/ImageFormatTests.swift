import Foundation
import Testing

@testable import ImagePipeline

@Suite("ImageFormat")
struct ImageFormatTests {
    @Test func recognisesSignaturesOnly() throws {
        #expect(ImageFormat(sniffing: try TestImages.jpeg(width: 8, height: 8) { _, _ in (0, 0, 0) }) == .jpeg)
        #expect(ImageFormat(sniffing: try TestImages.png(width: 8, height: 8) { _, _ in (0, 0, 0, 0) }) == .png)
        #expect(ImageFormat(sniffing: Data("GIF89a....".utf8)) == .gif)
        #expect(ImageFormat(sniffing: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8)) == .webp)
        #expect(ImageFormat(sniffing: Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == .unknown)
        #expect(ImageFormat(sniffing: Data([0xFF, 0xD8])) == .unknown)
        #expect(ImageFormat.allCases.filter(\.isDecodable) == [.jpeg, .png])
    }
}
