import FlowCore
import Foundation
import Testing
@testable import RetailBackend

@Suite struct ImageStoreTests {
    let backend: HomeBackend

    init() throws {
        backend = try makeBackend()
    }

    @Test func productImagesAreLargeJPEGsWithLongCaching() throws {
        let response = backend.respond(to: get("/v1/images/p-1001.jpg"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/jpeg")
        #expect(response.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(Array(response.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let size = try #require(jpegSize(response.body))
        #expect(size.0 == 1600 && size.1 == 1200)
        // Deterministic: the same bytes again, also from another backend.
        #expect(try makeBackend().respond(to: get("/v1/images/p-1001.jpg")).body == response.body)
    }

    @Test func categoryTilesArePNGs() {
        let response = backend.respond(to: get("/v1/images/cat-shoes.png"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/png")
        #expect(Array(response.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func ifNoneMatchGives304WithoutDrawing() throws {
        let etag = try #require(backend.respond(to: get("/v1/images/cmp-winter.jpg")).header("ETag"))
        let response = backend.respond(to: get("/v1/images/cmp-winter.jpg", headers: ["if-none-match": etag]))
        #expect(response.status == 304)
        #expect(response.body.isEmpty)
    }

    @Test(arguments: ["..%2F..%2Fetc%2Fpasswd", "p-1001.png", "p-9999.jpg", "%2e%2e", "p-1001.jpg%00", "x"])
    func onlyKnownNamesAreServed(name: String) {
        #expect(backend.respond(to: get("/v1/images/\(name)")).status == 404)
    }

    @Test func cacheDirectoryKeepsImagesAcrossBackends() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-images-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try makeBackend { $0.imageCacheDirectory = directory }
        let body = first.respond(to: get("/v1/images/story-care.jpg")).body
        let file = directory.appendingPathComponent("story-care.jpg")
        #expect(try Data(contentsOf: file) == body)
        let second = try makeBackend { $0.imageCacheDirectory = directory }
        #expect(second.respond(to: get("/v1/images/story-care.jpg")).body == body)
    }

    /// Width and height from the first SOF marker.
    func jpegSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data)
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xC2).contains(marker) {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            index += 2 + length
        }
        return nil
    }
}
