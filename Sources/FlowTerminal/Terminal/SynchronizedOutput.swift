#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the terminal has synchronized output (mode 2026), from the environment and, when
/// that does not know, from a DECRQM query (`CSI ?2026$p`) whose answer is awaited a bounded
/// time and may never come.
public enum SynchronizedOutput {
    /// The query to send.
    public static let query: [UInt8] = Array("\u{1B}[?2026$p".utf8)

    /// What the environment says: `true` for terminals known to have it, `false` where the
    /// answer cannot be trusted (no terminal, `TERM=dumb`, a Linux console), `nil` to ask.
    public static func known(environment: [String: String]) -> Bool? {
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" || term == "linux" { return false }
        let program = environment["TERM_PROGRAM"] ?? ""
        if ["WezTerm", "iTerm.app", "ghostty", "contour", "vscode"].contains(program) { return true }
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term.hasPrefix("foot") { return true }
        return nil
    }

    /// Reads the answer to `query` out of `bytes` (which may hold keystrokes around it):
    /// `CSI ?2026;Ps$y` with Ps 1 or 2 (set, reset) means supported, 0 or 4 not. `nil` when
    /// no answer is in `bytes`. The bytes that are not the answer are returned for the input
    /// decoder, so no key typed during the query is lost.
    public static func parseReply(_ bytes: [UInt8]) -> (supported: Bool?, rest: [UInt8]) {
        let prefix = Array("\u{1B}[?2026;".utf8)
        guard bytes.count >= prefix.count + 3 else { return (nil, bytes) }
        for start in 0...(bytes.count - prefix.count - 3) where Array(bytes[start..<(start + prefix.count)]) == prefix {
            var index = start + prefix.count
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            guard index + 1 < bytes.count, bytes[index] == 0x24, bytes[index + 1] == 0x79 else { continue }
            let rest = Array(bytes[..<start]) + Array(bytes[(index + 2)...])
            return (value == 1 || value == 2, rest)
        }
        return (nil, bytes)
    }

    /// Asks the terminal on `output` and reads its answer from `input` (in raw mode), waiting at
    /// most `milliseconds` in all: a terminal that does not answer costs that wait once and
    /// counts as not having the mode. Returns the bytes that were not the answer (keys typed
    /// meanwhile) for the input decoder.
    public static func probe(input: Int32, output: Int32, milliseconds: Int32 = 150) -> (supported: Bool, rest: [UInt8]) {
        var query = query
        _ = query.withUnsafeMutableBufferPointer { write(output, $0.baseAddress, $0.count) }
        var received: [UInt8] = []
        var remaining = milliseconds
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let start = Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000
        while remaining > 0 {
            var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, remaining)
            if ready > 0 {
                var chunk = [UInt8](repeating: 0, count: 256)
                let count = read(input, &chunk, chunk.count)
                if count > 0 {
                    received += chunk[0..<count]
                    let (supported, rest) = parseReply(received)
                    if let supported { return (supported, rest) }
                } else if count == 0 {
                    break
                }
            } else if ready < 0, errno != EINTR {
                break
            }
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let now = Int64(clock.tv_sec) * 1000 + Int64(clock.tv_nsec) / 1_000_000
            remaining = milliseconds - Int32(clamping: now - start)
        }
        return (false, received)
    }
}
