import Foundation
import Testing

@testable import RetailKit

/// The app's pictures are cached by what names them: the backend's by path and query whatever
/// its port this launch, other hosts' by their whole URL.
@Suite struct ImageCacheKeyTests {
    let key = ImageCacheKey.forBackend(at: URL(string: "http://127.0.0.1:40001")!, appVersion: "2.6.0")

    @Test func theBackendsPictureIsOneKeyOnEveryPortAndAnotherInAnotherVersion() {
        let earlier = ImageCacheKey.forBackend(at: URL(string: "http://127.0.0.1:39999/")!, appVersion: "2.6.0")
        let url = URL(string: "http://127.0.0.1:40001/v1/images/cmp-winter.jpg?w=800")!
        let relaunched = URL(string: "http://127.0.0.1:39999/v1/images/cmp-winter.jpg?w=800")!
        #expect(key(url) == "backend:2.6.0:/v1/images/cmp-winter.jpg?w=800")
        #expect(earlier(relaunched) == key(url))
        let upgraded = ImageCacheKey.forBackend(at: URL(string: "http://127.0.0.1:39999/")!, appVersion: "2.7.0")
        #expect(upgraded(relaunched) != key(url), "another version's embedded backend may draw the picture anew")
    }

    @Test func anotherHostOrSchemeKeepsItsWholeURL() {
        for other in ["http://cdn.example/v1/images/a.jpg", "https://127.0.0.1:40001/v1/images/a.jpg", "http://127.0.0.1:40002/v1/images/a.jpg"] {
            #expect(key(URL(string: other)!) == other)
        }
    }

    @Test func aQueryIsPartOfTheKey() {
        let small = key(URL(string: "http://127.0.0.1:40001/v1/images/a.jpg?w=100")!)
        let large = key(URL(string: "http://127.0.0.1:40001/v1/images/a.jpg?w=800")!)
        #expect(small != large)
    }
}
