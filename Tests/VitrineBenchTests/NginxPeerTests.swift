import Foundation
import Testing

@testable import VitrineBench

/// The nginx `vitrine bench serve` measures the front against: its configuration, that it
/// serves the page's exact bytes and headers, and that it leaves nothing behind, started or
/// not. Serialized: each test counts the bench's nginx directories in the temporary directory.
@Suite("vitrine bench serve: the nginx peer", .serialized)
struct NginxPeerTests {
    static let page = NginxPeer.Page(
        path: "/v1/home",
        body: Data(#"{"widgets":[{"id":"it's","text":"\"q\" \\ ✓"}]}"#.utf8),
        contentType: "application/json; charset=utf-8",
        headers: [("Content-Type", "application/json; charset=utf-8"), ("ETag", "\"e1\""), ("Cache-Control", "max-age=60"),
                  ("X-Odd", #"it's "q" \ x"#), ("X-Variable", "$host"), ("Date", "Mon, 07 Dec 2026 13:05:12 GMT")])

    static func leftovers() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
        return Set(names.filter { $0.hasPrefix("vitrine-bench-nginx-") })
    }

    @Test func theConfigurationIsAThrowawayOfItsOwnWithThePagesHeaders() {
        let text = NginxPeer.configuration(directory: "/tmp/d", port: 4242, workers: 3, page: Self.page)
        for line in ["daemon off;", "master_process on;", "worker_processes 3;", "pid '/tmp/d/nginx.pid';",
                     "error_log '/tmp/d/error.log' warn;", "access_log off;", "listen 127.0.0.1:4242;",
                     "default_type 'application/json; charset=utf-8';", "location = '/v1/home' {",
                     "alias '/tmp/d/www/page';", "add_header 'Cache-Control' 'max-age=60';",
                     #"add_header 'X-Odd' 'it\'s "q" \\ x';"#, "client_body_temp_path '/tmp/d/temp/client_body';"] {
            #expect(text.contains(line), "\(line)")
        }
        // nginx writes these itself, and would read `$host` as a variable.
        for left in ["'ETag'", "'Date'", "'Content-Type' '", "X-Variable"] {
            #expect(!text.contains("add_header \(left)"), "\(left)")
        }
        // No path of the system's nginx: every file it writes is in its own directory.
        #expect(!text.contains("/var/") && !text.contains("/etc/") && !text.contains("/run/"))
    }

    @Test func anNginxThatCannotStartIsReportedAndLeavesNothingBehind() {
        let before = Self.leftovers()
        #expect(throws: NginxPeer.PeerError.self) {
            try NginxPeer(executable: URL(fileURLWithPath: "/bin/false"), page: Self.page, workers: 1)
        }
        #expect(Self.leftovers() == before)
    }

    @Test(.enabled(if: NginxPeer.locate() != nil, "nginx is not installed (make bench installs it)"))
    func servesThePagesBytesAndHeadersAndStopsWhole() throws {
        let executable = try #require(NginxPeer.locate())
        let before = Self.leftovers()
        let peer = try NginxPeer(executable: executable, page: Self.page, workers: 2)
        #expect(Self.leftovers().count == before.count + 1)
        let client = try #require(LoopbackClient(port: peer.port))
        client.send("GET /v1/home?locale=en-US HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let reply = client.reply()
        let split = try #require(reply.firstRange(of: Array("\r\n\r\n".utf8)))
        let head = String(decoding: reply[..<split.lowerBound], as: UTF8.self).lowercased()
        #expect(Data(reply[split.upperBound...]) == Self.page.body)
        #expect(head.hasPrefix("http/1.1 200"))
        #expect(head.contains("\r\ncontent-type: application/json; charset=utf-8\r\n"))
        #expect(head.contains("\r\ncontent-length: \(Self.page.body.count)\r\n"))
        #expect(head.contains("\r\ncache-control: max-age=60\r\n"))
        #expect(head.contains(#"x-odd: it's "q" \ x"#))
        peer.stop()
        // The master and its workers are gone (nothing listens), and so is the directory.
        #expect(LoopbackClient(port: peer.port) == nil)
        #expect(!FileManager.default.fileExists(atPath: peer.directory.path))
        #expect(Self.leftovers() == before)
    }
}
