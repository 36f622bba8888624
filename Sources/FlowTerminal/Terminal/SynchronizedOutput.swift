#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the terminal has synchronized output (mode 2026), from the environment and, when
/// that does not know, from a DECRQM query (`CSI ?2026$p`) followed by a primary device
/// attributes request (DA1, `CSI c`). Terminals answer in order and every one answers DA1,
/// so DA1's answer ends the wait: a terminal that ignores DECRQM costs one round trip, not
/// the whole bound, which is left only for a terminal that answers nothing.
public enum SynchronizedOutput {
    /// The queries to send: DECRQM for mode 2026, then DA1 as the sentinel.
    public static let query: [UInt8] = Array("\u{1B}[?2026$p\u{1B}[c".utf8)

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

    /// Reads the answers to `query` out of `bytes` (which may hold keystrokes around them).
    /// `CSI ?2026;Ps$y` with Ps 1 or 2 (set, reset) means supported, 0 or 4 not; DA1's answer
    /// (`CSI ?Ps;…c`) ends the exchange, and without a DECRQM answer before it means not
    /// supported. `supported` is `nil` until DA1's answer is in `bytes`. The bytes that are
    /// neither answer are returned for the input decoder, so no key typed meanwhile is lost.
    public static func parseReply(_ bytes: [UInt8]) -> (supported: Bool?, rest: [UInt8]) {
        var rest = bytes
        let mode = Self.remove(from: &rest, introducer: Array("\u{1B}[?2026;".utf8), final: [0x24, 0x79])
        guard Self.remove(from: &rest, introducer: Array("\u{1B}[?".utf8), final: [0x63]) != nil else {
            return (nil, bytes)
        }
        return (mode == 1 || mode == 2, rest)
    }

    /// Removes the first `introducer` digits-and-semicolons `final` sequence from `bytes`;
    /// returns its first number (0 when it has none), or `nil` when there is none.
    private static func remove(from bytes: inout [UInt8], introducer: [UInt8], final: [UInt8]) -> Int? {
        guard bytes.count >= introducer.count + final.count else { return nil }
        for start in 0...(bytes.count - introducer.count - final.count) where bytes[start..<(start + introducer.count)].elementsEqual(introducer) {
            var index = start + introducer.count
            var first: Int?
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) || bytes[index] == 0x3B {
                if bytes[index] == 0x3B {
                    first = first ?? value
                } else if first == nil {
                    value = min(value * 10 + Int(bytes[index] - 0x30), 1_000_000)
                }
                index += 1
            }
            guard index + final.count <= bytes.count, bytes[index..<(index + final.count)].elementsEqual(final) else { continue }
            bytes.removeSubrange(start..<(index + final.count))
            return first ?? value
        }
        return nil
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
