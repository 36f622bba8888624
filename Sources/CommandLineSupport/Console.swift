import Foundation

/// Where a command writes. Tests capture both streams; the executable writes to the process's.
public struct Console: Sendable {
    /// Writes one line (a newline is added) to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes one line (a newline is added) to standard error.
    public var err: @Sendable (String) -> Void
    /// Reads all of standard input, for `-` arguments.
    public var readStandardInput: @Sendable () -> Data

    public init(
        out: @escaping @Sendable (String) -> Void,
        err: @escaping @Sendable (String) -> Void,
        readStandardInput: @escaping @Sendable () -> Data = { Data() }
    ) {
        self.out = out
        self.err = err
        self.readStandardInput = readStandardInput
    }

    /// The process's own standard streams.
    public static let standard = Console(
        out: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
        err: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() }
    )
}
