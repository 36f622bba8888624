import Foundation
import HTTPServer
import Synchronization
import RetailBackend
import Testing
import RetailBackend
import TestSupport

import CommandLineSupport
@testable import VitrineCLI


@Suite("vitrine serve")
struct ServeCommandTests {
    @Test func parsesOptionsInBothForms() throws {
        let options = try ServeCommand.Options(["--host", "::1", "--port=0", "--faults", "latency=200ms"])
        #expect(options.host == "::1")
        #expect(options.port == 0)
        #expect(options.faults == "latency=200ms")
        #expect(try ServeCommand.Options([]).port == 8080)
        #expect(try ServeCommand.Options([]).host == "127.0.0.1")
    }

    @Test func theNewSessionAllowanceAndTrustedProxiesAreTheOperators() throws {
        let defaults = try ServeCommand.Options([])
        #expect(defaults.newSessionsPerAddress == NewSessionLimit.standard)
        #expect(defaults.trustedProxies == TrustedProxies.none)
        let set = try ServeCommand.Options(["--new-sessions-per-address", "5000/50", "--trusted-proxy", "10.0.0.2", "--trusted-proxy=fd00::2"])
        #expect(set.newSessionsPerAddress == NewSessionLimit(burst: 5_000, perSecond: 50))
        #expect(set.trustedProxies == (try TrustedProxies(addresses: ["10.0.0.2", "fd00::2"])))
        #expect(try ServeCommand.Options(["--new-sessions-per-address=off"]).newSessionsPerAddress == nil)
        #expect(defaults.newSessionsInAll == NewSessionLimit.standardInAll)
        #expect(try ServeCommand.Options(["--new-sessions-in-all", "500/5"]).newSessionsInAll == NewSessionLimit(burst: 500, perSecond: 5))
        #expect(try ServeCommand.Options(["--new-sessions-in-all=off"]).newSessionsInAll == nil)
        #expect(throws: UsageError.self) { try ServeCommand.Options(["--new-sessions-in-all", "500"]) }
    }

    /// The options reach the server: through a trusted proxy on the loopback, each forwarded
    /// client has its own allowance of 2; the proxy's own requests share one.
    @Test func aServerBehindATrustedProxyCountsForwardedClients() async throws {
        let server = try await ServeProcess.start(["--database", "memory", "--new-sessions-per-address", "2/0", "--trusted-proxy", "127.0.0.1"])
        var statuses: [Int] = []
        for forwarded in ["198.51.100.1", "198.51.100.1", "198.51.100.1", "203.0.113.9, 198.51.100.2"] {
            statuses.append(try await server.post("/v1/sessions", json: [String: Any](), headers: ["X-Forwarded-For": forwarded]).status)
        }
        for _ in 0..<3 { statuses.append(try await server.post("/v1/sessions", json: [String: Any]()).status) }
        #expect(statuses == [201, 201, 429, 201, 201, 201, 429])
        #expect(await server.stop() == 0)
    }

    @Test(arguments: [
        (["--port", "http"], "--port wants a number"),
        (["--port", "70000"], "--port wants a number"),
        (["--port"], "--port needs a value"),
        (["--verbose"], "unknown option '--verbose'"),
        (["--host="], "--host needs a value"),
        (["--now", "tomorrow"], "--now wants an RFC 3339 instant"),
        (["--new-sessions-per-address", "100"], "--new-sessions-per-address wants BURST/PER_SECOND"),
        (["--new-sessions-per-address=0/1"], "--new-sessions-per-address wants BURST/PER_SECOND"),
        (["--trusted-proxy", "balancer.internal"], "--trusted-proxy: a trusted proxy is an IPv4 or IPv6 address"),
        (["--trusted-proxy", "10.0.0.0/8"], "--trusted-proxy: a trusted proxy is an IPv4 or IPv6 address"),
    ])
    func usageErrorsExit2WithTheReason(arguments: [String], reason: String) async {
        let errors = Mutex<[String]>([])
        let console = Console(out: { _ in }, err: { line in errors.withLock { $0.append(line) } })
        let status = await CommandLineTool.run(["serve"] + arguments, console: console)
        #expect(status == 2)
        let text = errors.withLock { $0.joined(separator: "\n") }
        #expect(text.contains(reason))
        #expect(text.contains("usage: vitrine serve"))
    }

    @Test func invalidHostExits2BeforeAnyStoreIsMade() async throws {
        let console = Console(out: { _ in }, err: { _ in })
        let scratch = try ScratchDirectory("serve-bad-host")
        let data = scratch.file("data")
        #expect(await CommandLineTool.run(["serve", "--host", "not-an-address", "--data", data.path], console: console) == 2)
        #expect(!FileManager.default.fileExists(atPath: data.path), "no store for a server that cannot listen")
    }

    /// The operator's token opens what shoppers sent, so its file follows the session key's
    /// rule: one others may read or write is refused.
    @Test(arguments: [0o644, 0o666, 0o640, 0o660, 0o604])
    func anOperatorTokenFileOthersMayReadOrWriteIsRefused(mode: Int) throws {
        let scratch = try ScratchDirectory("serve-operator-token")
        let file = scratch.file("operator.token")
        try Data("operator-token-of-the-tests\n".utf8).write(to: file)
        #expect(chmod(file.path, mode_t(mode)) == 0)
        let options = try ServeCommand.Options(["--database", "memory", "--operator-token-file", file.path])
        var configuration = HomeBackend.Configuration()
        let refusal = #expect(throws: UsageError.self) {
            try ServeCommand.store(options, environment: [:], into: &configuration)
        }
        #expect(refusal?.message == "--operator-token-file \(file.path) may be read or written by others (mode \(String(mode, radix: 8))): chmod 600 it")
        #expect(configuration.operatorToken == nil)
        #expect(chmod(file.path, 0o600) == 0)
        try ServeCommand.store(options, environment: [:], into: &configuration)
        #expect(configuration.operatorToken == "operator-token-of-the-tests")
    }

    @Test func servesUntilSIGTERMThenExits0() async throws {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let logged = Mutex<[String]>([])
        let console = Console(
            out: { continuation.yield($0) },
            err: { line in logged.withLock { $0.append(line) } })
        // A store of its own: never the user's default data directory.
        let data = try ScratchDirectory("serve-sigterm")
        async let status = CommandLineTool.run(["serve", "--port", "0", "--data", data.url.path], console: console)

        var iterator = lines.makeAsyncIterator()
        let announced = try #require(await iterator.next())
        #expect(announced.hasPrefix("listening on http://127.0.0.1:"))
        let port = try #require(announced.split(separator: ":").last.flatMap { Int($0) })
        let client = LoopbackClient(port: port, timeoutSeconds: 30)
        #expect(try await client.send("GET", "/v1/home?locale=en-US").status > 0)
        await client.disconnect()

        kill(getpid(), SIGTERM)
        #expect(await status == 0)
        let log = logged.withLock { $0 }
        #expect(log.contains { $0.hasPrefix("GET /v1/home ") })
        #expect(log.contains("vitrine serve: SIGTERM, stopping"))
    }

    /// A SIGTERM sent the moment the server says it listens stops it: the handler is in place
    /// before the announcement (a Dispatch source registered later, and under load such a
    /// signal was ignored and the server never stopped).
    @Test func aSIGTERMSentTheMomentTheServerAnnouncesItselfStopsIt() async throws {
        for _ in 0..<12 {
            let server = try await ServeProcess.start(["--database", "memory"])
            let status = await withTaskGroup(of: Int32?.self) { group in
                group.addTask { await server.stop() }
                group.addTask {
                    try? await ContinuousClock().sleep(for: .seconds(60))
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
            if status == nil { await server.kill() }
            #expect(status == 0, "the server did not stop on SIGTERM")
        }
    }
}
