import Foundation
import Synchronization
@testable import VitrineCLI

#if canImport(Glibc)
import Glibc
#endif

/// `vitrine serve` run as a child on an ephemeral port, as an operator runs it: started with
/// the given options, read until it announces its address, and ended by SIGKILL (a crash, a
/// machine that lost power) or SIGTERM. Its log goes to a file, read by `log`, so that a test
/// can check what it wrote (never a token).
final class ServeProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    let port: Int
    let logFile: URL

    /// Starts `vitrine serve --host 127.0.0.1 --port 0 ARGUMENTS` and waits (at most 60 s) for
    /// its `listening on` line.
    init(_ arguments: [String], logFile: URL) throws {
        self.logFile = logFile
        process.executableURL = URL(fileURLWithPath: TerminalSessionModeTests.executable)
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0"] + arguments
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        log.seekToEndOfFile()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? log.close()
        // The announcement is the first line; the pipe's reader ends at it or at the child's exit.
        let reader = output.fileHandleForReading
        let announced = DispatchSemaphore(value: 0)
        let line = FirstLine()
        Thread.detachNewThread {
            var bytes: [UInt8] = []
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                bytes += chunk
                if bytes.contains(UInt8(ascii: "\n")) { break }
            }
            line.text.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
            announced.signal()
        }
        guard announced.wait(timeout: .now() + 60) == .success,
            let text = line.text.withLock({ $0 }), let range = text.range(of: "http://127.0.0.1:"),
            let port = Int(text[range.upperBound...].prefix { $0.isNumber })
        else {
            process.terminate()
            process.waitUntilExit()
            throw Failure(description: "vitrine serve did not announce its address: \((try? String(contentsOf: logFile, encoding: .utf8)) ?? "")")
        }
        self.port = port
    }

    deinit {
        if process.isRunning { kill() }
    }

    /// Ends the server at once, as a crash would: nothing is finished or flushed.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Asks the server to stop (SIGTERM) and waits; its exit status.
    @discardableResult
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    func client() -> KeepAliveClient {
        KeepAliveClient(port: port, timeoutSeconds: 20)
    }
}

/// The first line a child wrote, handed from the thread that reads it.
private final class FirstLine: Sendable {
    let text = Mutex<String?>(nil)
}

extension KeepAliveClient {
    /// `POST /v1/sessions`: the token.
    func startSession() throws -> String {
        let answer = try send("POST", "/v1/sessions")
        guard answer.status == 201, let text = String(data: answer.body, encoding: .utf8),
            let token = text.split(separator: "\"").first(where: { $0.hasPrefix("vt1.") })
        else { throw ServeProcess.Failure(description: "no session: \(answer.status)") }
        return String(token)
    }
}
