import Foundation
import Testing

@testable import HTTPServer
@testable import RetailBackend

@Suite("HTTP server: request target parsing")
struct HTTPServerRequestTargetTests {
    @Test func splitsPathFromQueryAndKeepsOrderAndRepeats() {
        let target = HTTPRequestTarget("/v1/home?locale=de-DE&capabilities=video%2Cmaps&x=1&x=2")
        #expect(target.path == "/v1/home")
        #expect(target.query.map(\.name) == ["locale", "capabilities", "x", "x"])
        #expect(target.query.map(\.value) == ["de-DE", "video,maps", "1", "2"])
    }

    @Test func decodesPlusAndUTF8AndKeepsBrokenEscapes() {
        #expect(HTTPRequestTarget.decode("a+b%20c") == "a b c")
        #expect(HTTPRequestTarget.decode("caf%C3%A9") == "café")
        #expect(HTTPRequestTarget.decode("100%") == "100%")
        #expect(HTTPRequestTarget.decode("%zz%4") == "%zz%4")
        #expect(HTTPRequestTarget.decode("%FF") == "\u{FFFD}")
    }

    @Test func toleratesEmptyPiecesAndBareNames() {
        let target = HTTPRequestTarget("/p?&flag&=v&k=&")
        #expect(target.path == "/p")
        #expect(target.query.map { "\($0.name)=\($0.value)" } == ["flag=", "=v", "k="])
        #expect(HTTPRequestTarget("/only").query.isEmpty)
        #expect(HTTPRequestTarget("/q?").query.isEmpty)
    }
}
