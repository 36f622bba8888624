import Foundation

/// The `wrk` load generator (Debian's package), found on PATH. The program never installs it
/// nor runs a script of the directory it is started in: `make bench` installs it first.
struct WrkTool {
    let executable: URL

    enum RunError: Error, CustomStringConvertible {
        case failed(status: Int32, output: String)
        var description: String {
            switch self {
            case .failed(let status, let output): return "wrk exited with \(status): \(output.prefix(400))"
            }
        }
    }

    static func locate() -> WrkTool? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("wrk")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return WrkTool(executable: candidate)
            }
        }
        return nil
    }


    /// One run of `wrk --latency` against `url`, with a Lua `script` that makes the requests
    /// when given.
    func run(url: String, seconds: Int, connections: Int, threads: Int, script: URL? = nil) throws -> WrkReport {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--latency", "-t", "\(threads)", "-c", "\(connections)", "-d", "\(seconds)s"]
            + (script.map { ["-s", $0.path] } ?? []) + [url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // wrk's report is a few hundred bytes, written at the end: read it all, then reap.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw RunError.failed(status: process.terminationStatus, output: text)
        }
        return try WrkReport(parsing: text)
    }
}
