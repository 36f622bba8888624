import Foundation
import Synchronization
@testable import VitrineCLI

#if canImport(Glibc)
import Glibc
#endif

/// `vitrine serve …` as a child process on an ephemeral loopback port, spoken to over HTTP as
/// any client would: started once it says `listening on`, stopped with SIGTERM, or ended by
/// SIGKILL as a crash or a lost machine ends it. Its standard error (request lines, catalogue
/// reloads and refusals, the store's failures) is kept for the test to read, and never a token.
///
/// Nothing here blocks a thread of Swift's cooperative pool: the child's output is read on
/// threads of their own and its exit reported by its termination handler.
final class ServeProcess: Sendable {
    /// An answer: status, headers by lower-cased name, body.
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }

        func json() throws -> [String: Any] {
            (try JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
        }
    }

    /// `http://127.0.0.1:PORT`.
    let base: String
    let port: Int
    private let pid: Int32
    private let errors: ErrorLines
    private let exited: Mutex<AsyncStream<Int32>?>
    private let exitFlag: ExitFlag
    /// Kept for the process's lifetime (its termination handler reports the exit).
    private let child = Mutex<Process?>(nil)

    private init(base: String, port: Int, pid: Int32, errors: ErrorLines, exited: AsyncStream<Int32>, exitFlag: ExitFlag) {
        self.base = base
        self.port = port
        self.pid = pid
        self.errors = errors
        self.exited = Mutex(exited)
        self.exitFlag = exitFlag
    }

    /// A child still running when the test lets go of it (a failed `#require`) is killed.
    deinit {
        if !exitFlag.hasExited.load(ordering: .acquiring) { Glibc.kill(pid, SIGKILL) }
    }

    /// Starts `vitrine serve --host 127.0.0.1 --port 0` with `arguments`; throws when it exits
    /// before listening, or has not said where it listens within `limit` (then it is killed:
    /// the safety bound of a hang, never a wait the test depends on). Each line of its standard
    /// error is also given to `errorLines` as it comes, from the start (a test waits for what
    /// the server says before it listens), which is finished when the stream ends.
    static func start(_ arguments: [String], limit: Duration = .seconds(90),
                      errorLines: AsyncStream<String>.Continuation? = nil) async throws -> ServeProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TerminalSessionModeTests.executable)
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments
        let output = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        let (exits, exitContinuation) = AsyncStream.makeStream(of: Int32.self)
        let exitFlag = ExitFlag()
        process.terminationHandler = { finished in
            exitFlag.hasExited.store(true, ordering: .releasing)
            exitContinuation.yield(finished.terminationStatus)
            exitContinuation.finish()
        }
        let (lines, lineContinuation) = AsyncStream.makeStream(of: String.self)
        try process.run()
        let pid = process.processIdentifier
        Self.readLines(output.fileHandleForReading) { lineContinuation.yield($0) } finished: { lineContinuation.finish() }
        let errorBox = ErrorLines()
        Self.readLines(errorPipe.fileHandleForReading) { line in
            errorBox.lines.withLock { $0.append(line) }
            errorLines?.yield(line)
        } finished: {
            errorLines?.finish()
        }
        let watchdog = Task {
            guard (try? await ContinuousClock().sleep(for: limit)) != nil else { return }
            Glibc.kill(pid, SIGKILL)
        }
        var iterator = lines.makeAsyncIterator()
        let first = await iterator.next()
        watchdog.cancel()
        guard let first, first.hasPrefix("listening on "), let colon = first.lastIndex(of: ":"),
            let port = Int(first[first.index(after: colon)...])
        else {
            process.terminate()
            throw ServeFailure(message: "vitrine serve did not start: \(errorBox.lines.withLock { $0.joined(separator: "\n") })")
        }
        let server = ServeProcess(base: String(first.dropFirst("listening on ".count)), port: port, pid: pid, errors: errorBox,
                                  exited: exits, exitFlag: exitFlag)
        server.child.withLock { $0 = process }
        return server
    }

    /// The most memory the server has held resident since it started (`VmHWM` of
    /// `/proc/PID/status`), in bytes; nil once it has exited.
    var peakResidentBytes: Int? {
        guard !exitFlag.hasExited.load(ordering: .acquiring),
            let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }

    /// Standard error so far, a line each.
    var log: [String] {
        errors.lines.withLock { $0 }
    }

    /// Standard error so far, whole.
    var logText: String {
        log.joined(separator: "\n")
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> Answer {
        try await send("GET", path, headers: headers, body: nil)
    }

    /// A JSON body (sent as `application/json`).
    func post(_ path: String, json: Any, headers: [String: String] = [:]) async throws -> Answer {
        try await send("POST", path, headers: headers, body: try JSONSerialization.data(withJSONObject: json))
    }

    /// One request on a connection of its own, through the project's loopback client: its
    /// socket has a receive and send timeout of 30 s, so a server that never answers fails the
    /// request instead of holding the run. No FoundationNetworking, which the app itself left
    /// for libcurl (docs/ARCHITECTURE.md, `HTTPSession`).
    private func send(_ method: String, _ path: String, headers: [String: String], body: Data?) async throws -> Answer {
        let client = LoopbackClient(port: port, timeoutSeconds: 30)
        let answer: LoopbackClient.Answer
        do {
            answer = try await client.send(method, path, headers: headers, body: body.map { String(decoding: $0, as: UTF8.self) })
        } catch {
            await client.disconnect()
            throw error
        }
        await client.disconnect()
        return Answer(status: answer.status, headers: answer.headers, body: answer.body)
    }

    /// A kept-alive connection of its own (`LoopbackClient`), for many requests fast.
    func client() -> LoopbackClient {
        LoopbackClient(port: port, timeoutSeconds: 20)
    }

    /// Sends `signal` (SIGHUP reloads the catalogue).
    func signal(_ number: Int32) {
        Glibc.kill(pid, number)
    }

    /// SIGTERM, then the exit status.
    @discardableResult
    func stop() async -> Int32 {
        await end(with: SIGTERM)
    }

    /// Ends the server at once, as a crash would: nothing is finished or flushed. Returns once
    /// it is gone.
    func kill() async {
        _ = await end(with: SIGKILL)
    }

    private func end(with signal: Int32) async -> Int32 {
        guard let exits = exited.withLock({ stream -> AsyncStream<Int32>? in defer { stream = nil }; return stream }) else { return -1 }
        if !exitFlag.hasExited.load(ordering: .acquiring) { Glibc.kill(pid, signal) }
        for await status in exits { return status }
        return -1
    }

    /// Reads `handle` on a thread of its own, a line at a time, until its end.
    private static func readLines(_ handle: FileHandle, line: @escaping @Sendable (String) -> Void, finished: @escaping @Sendable () -> Void) {
        let thread = Thread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    line(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending = Data(pending[pending.index(after: newline)...])
                }
            }
            if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
            finished()
        }
        thread.start()
    }

    private final class ErrorLines: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// Whether the child has exited (set by its termination handler), so that no signal goes
    /// to a process id the system may have given to another.
    private final class ExitFlag: Sendable {
        let hasExited = Atomic(false)
    }
}

struct ServeFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
