import Foundation
import Synchronization

/// A console that keeps what a command writes, for running commands in-process (tests, tools
/// that embed them): `console` is handed to the command, `out` and `err` read afterwards.
public final class CapturedConsole: Sendable {
    private let output = Mutex<(out: [String], err: [String])>(([], []))
    /// What the command reads as its standard input.
    public let input: Data

    public init(input: Data = Data()) {
        self.input = input
    }

    /// The console to hand the command.
    public var console: Console {
        Console(
            out: { line in self.output.withLock { $0.out.append(line) } },
            err: { line in self.output.withLock { $0.err.append(line) } },
            readStandardInput: { self.input })
    }

    /// Every line written to standard output, joined by newlines.
    public var out: String { output.withLock { $0.out.joined(separator: "\n") } }
    /// Every line written to standard error, joined by newlines.
    public var err: String { output.withLock { $0.err.joined(separator: "\n") } }
}
