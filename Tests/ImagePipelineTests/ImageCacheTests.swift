import Foundation
import Testing

@testable import ImagePipeline

@Suite("ImageCache")
struct ImageCacheTests {
    let url = URL(string: "https://images.example/a.jpg")!

    /// A bitmap costing `width * 4` bytes (one row).
    func bitmap(width: Int, fill: UInt8 = 0) -> Bitmap {
        Bitmap(width: width, height: 1, bytesPerRow: width * 4, pixels: [UInt8](repeating: fill, count: width * 4))
    }

    func request(_ side: Int, _ mode: ContentMode = .fill, url: URL? = nil) -> ImageRequest {
        ImageRequest(url: url ?? self.url, targetSize: PixelSize(width: side, height: side), contentMode: mode)
    }

    @Test func evictsTheLeastRecentlyUsedByCost() {
        let cache = ImageCache(costLimit: 4_000) // entries up to 400 bytes
        cache.insert(bitmap(width: 100), for: request(1)) // 400 bytes each
        cache.insert(bitmap(width: 100), for: request(2))
        for side in 3...10 { cache.insert(bitmap(width: 100), for: request(side)) }
        #expect(cache.totalCost == 4_000)
        _ = cache[request(1)] // 1 becomes the most recent; 2 is now the oldest
        cache.insert(bitmap(width: 50), for: request(11)) // 200 bytes over the limit
        #expect(cache[request(2)] == nil)
        #expect(cache[request(1)] != nil)
        #expect(cache[request(3)] != nil)
        #expect(cache.totalCost == 3_800)
    }

    @Test func oneLargeEntryEvictsSeveralSmallOnes() {
        let cache = ImageCache(costLimit: 4_000)
        for side in 1...20 { cache.insert(bitmap(width: 50), for: request(side)) } // 200 each
        cache.insert(bitmap(width: 100), for: request(99))
        #expect(cache.totalCost <= 4_000)
        #expect(cache[request(1)] == nil && cache[request(2)] == nil)
        #expect(cache[request(3)] != nil)
        #expect(cache[request(99)] != nil)
    }

    @Test func anEntryOverATenthOfTheLimitIsNotStored() {
        let cache = ImageCache(costLimit: 4_000)
        cache.insert(bitmap(width: 101), for: request(1)) // 404 bytes > 400
        #expect(cache[request(1)] == nil)
        #expect(cache.totalCost == 0)
        cache.insert(bitmap(width: 100), for: request(1))
        #expect(cache[request(1)] != nil)
    }

    @Test func keysTellSizesModesAndURLsApart() {
        let cache = ImageCache(costLimit: 1 << 20)
        cache.insert(bitmap(width: 1, fill: 1), for: request(10, .fill))
        cache.insert(bitmap(width: 1, fill: 2), for: request(10, .fit))
        cache.insert(bitmap(width: 1, fill: 3), for: request(20, .fill))
        cache.insert(bitmap(width: 1, fill: 4), for: request(10, .fill, url: URL(string: "https://images.example/b.jpg")!))
        #expect(cache.count == 4)
        #expect(cache[request(10, .fill)]?.pixels.first == 1)
        #expect(cache[request(10, .fit)]?.pixels.first == 2)
    }

    @Test func replacingAnEntryRecountsItsCost() {
        let cache = ImageCache(costLimit: 4_000)
        cache.insert(bitmap(width: 100), for: request(1))
        cache.insert(bitmap(width: 10), for: request(1))
        #expect(cache.totalCost == 40)
        #expect(cache.count == 1)
        cache.removeAll()
        #expect(cache.totalCost == 0 && cache.count == 0)
    }
}
