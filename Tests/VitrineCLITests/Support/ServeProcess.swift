import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `vitrine serve …` as a child process on an ephemeral port, spoken to over HTTP as any
/// client would: started once it says `listening on`, stopped with SIGTERM. Its standard error
/// (request lines, catalogue reloads and refusals) is kept for the test to read.
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

    let base: String
    private let pid: Int32
    private let errors: ErrorLines
    private let exited: Mutex<AsyncStream<Int32>?>
    private let session: URLSession
    /// Kept for the process's lifetime (its termination handler reports the exit).
    private let child = Mutex<Process?>(nil)

    private init(base: String, pid: Int32, errors: ErrorLines, exited: AsyncStream<Int32>) {
        self.base = base
        self.pid = pid
        self.errors = errors
        self.exited = Mutex(exited)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    /// Starts `vitrine serve --port 0` with `arguments`; throws when it exits before listening.
    static func start(_ arguments: [String]) async throws -> ServeProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TerminalSessionModeTests.executable)
        process.arguments = ["serve", "--port", "0"] + arguments
        let output = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        let (exits, exitContinuation) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { finished in
            exitContinuation.yield(finished.terminationStatus)
            exitContinuation.finish()
        }
        let (lines, lineContinuation) = AsyncStream.makeStream(of: String.self)
        try process.run()
        Self.readLines(output.fileHandleForReading) { lineContinuation.yield($0) } finished: { lineContinuation.finish() }
        let errorBox = ErrorLines()
        Self.readLines(errorPipe.fileHandleForReading) { line in errorBox.lines.withLock { $0.append(line) } } finished: {}
        var iterator = lines.makeAsyncIterator()
        guard let first = await iterator.next(), first.hasPrefix("listening on ") else {
            process.terminate()
            throw ServeFailure(message: "vitrine serve did not start: \(errorBox.lines.withLock { $0.joined(separator: "\n") })")
        }
        let server = ServeProcess(base: String(first.dropFirst("listening on ".count)), pid: process.processIdentifier, errors: errorBox, exited: exits)
        server.child.withLock { $0 = process }
        return server
    }

    /// Standard error so far.
    var log: [String] {
        errors.lines.withLock { $0 }
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> Answer {
        try await send("GET", path, headers: headers, body: nil)
    }

    func post(_ path: String, json: Any, headers: [String: String] = [:]) async throws -> Answer {
        var all = headers
        all["Content-Type"] = "application/json"
        return try await send("POST", path, headers: all, body: try JSONSerialization.data(withJSONObject: json))
    }

    private func send(_ method: String, _ path: String, headers: [String: String], body: Data?) async throws -> Answer {
        guard let url = URL(string: base + path) else { throw ServeFailure(message: "bad path \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw ServeFailure(message: "not HTTP") }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Answer(status: http.statusCode, headers: fields, body: data)
    }

    /// Sends `signal` (SIGHUP reloads the catalogue).
    func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// SIGTERM, then the exit status.
    func stop() async -> Int32 {
        kill(pid, SIGTERM)
        guard let exits = exited.withLock({ stream -> AsyncStream<Int32>? in defer { stream = nil }; return stream }) else { return -1 }
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
}

struct ServeFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
