import Foundation
import HTTPServer
import RetailBackend
import Synchronization
import Testing

/// Many clients at once, and delayed responses that must not hold a worker thread.
@Suite("HTTP server: concurrency and delays")
struct HTTPServerConcurrencyTests {
    @Test func manyParallelRequestsAreAllAnswered() throws {
        let server = try HTTPServer(handler: RecordingHandler())
        defer { server.stop() }
        let count = 48
        let answers = Mutex<[Int: String]>([:])
        let group = DispatchGroup()
        for id in 0..<count {
            group.enter()
            let thread = Thread {
                let reply = try? server.exchange("GET /echo?id=\(id) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
                answers.withLock { $0[id] = reply?.bodyText }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        let all = answers.withLock { $0 }
        #expect(all.count == count)
        for id in 0..<count {
            #expect(all[id]?.contains(#""id":"\#(id)""#) == true)
        }
    }

    @Test func delayedResponseDoesNotBlockASingleWorkerThread() throws {
        let handler = RecordingHandler()
        var configuration = HTTPServer.Configuration.ephemeral
        configuration.threadCount = 1
        let server = try HTTPServer(handler: handler, configuration: configuration)
        defer { server.stop() }

        let slow = try RawSocketClient(port: server.port)
        slow.send("GET /slow?ms=600000 HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        handler.slowArrived.wait()  // the only worker thread has taken the slow request
        // Answered while the slow response (ten minutes) is still held back.
        #expect(try server.stillServes())
        // Stopping sends held-back responses at once instead of dropping them.
        server.stop()
        let reply = slow.readReply()
        #expect(reply?.status == 200)
        #expect(reply?.bodyText == #"{"slow":true}"#)
        #expect(server.requestsInFlight == 0)
    }

    @Test func delayedResponseArrivesWhenItsTimerFires() throws {
        let server = try HTTPServer(handler: RecordingHandler())
        defer { server.stop() }
        let reply = try server.exchange("GET /slow?ms=30 HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        #expect(reply?.status == 200)
        #expect(reply?.bodyText == #"{"slow":true}"#)
    }
}
