import Foundation
import HTTPTransport
import Testing

/// User names and passwords in URLs are noticed however they are written, and a message can
/// repeat a URL without them.
@Suite struct URLCredentialsTests {
    @Test(arguments: [
        "http://user:hunter2@127.0.0.1:8080/", "http://hunter2@example.com/", "https://user:@[::1]:9/p",
        "http://:hunter2@example.com", "http://@example.com/",
    ])
    func credentialsAreNoticed(text: String) throws {
        #expect(URLCredentials.present(in: try #require(URL(string: text))))
    }

    @Test(arguments: ["http://127.0.0.1:8080/", "http://[::1]:8080/a@b", "https://example.com/p?x=user:pw@host", "http://example.com#a@b"])
    func anAtSignAfterTheHostIsNoCredential(text: String) throws {
        #expect(!URLCredentials.present(in: try #require(URL(string: text))))
    }

    @Test func aRedactedURLKeepsEverythingButTheCredentials() {
        #expect(URLCredentials.redacted("http://user:hunter2@127.0.0.1:8080/page?q=1") == "http://***@127.0.0.1:8080/page?q=1")
        #expect(URLCredentials.redacted("http://us@er:hun@ter2@[::1]:9") == "http://***@[::1]:9")
        #expect(URLCredentials.redacted("http://user:hunter2@") == "http://***@")
        #expect(URLCredentials.redacted("http://127.0.0.1/a@b") == "http://127.0.0.1/a@b")
        #expect(URLCredentials.redacted("no URL at all @ hunter2") == "no URL at all @ hunter2")
    }
}
