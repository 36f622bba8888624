#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What an interactive program (the shopper app, the preview) starts on: the terminal taken as a full
/// screen (raw mode, the modes on, restored on every way out), its colour depth, whether it
/// has synchronized output, and the host that runs the message loop on it.
@MainActor
public struct InteractiveTerminal {
    /// The terminal taken: raw mode and the full-screen modes, restored by `end()`.
    public let session: TerminalSession
    /// The host that runs the message loop on it and writes its frames.
    public let host: TerminalHost
    /// Its colour depth.
    public let profile: TerminalProfile

    /// Why the app cannot take the terminal, for the message the command prints, or `nil`
    /// when it can: standard input and output must both be a terminal that moves its cursor.
    public static func unavailability(environment: [String: String]) -> String? {
        guard isatty(0) == 1, isatty(1) == 1 else { return "needs a terminal (standard input and output are not one)" }
        if environment["TERM"] == "dumb" { return "cannot draw a full screen on TERM=dumb" }
        return nil
    }

    /// Takes the terminal; throws when it cannot be set up.
    public static func start(environment: [String: String], clock: any Clock<Duration>) throws -> InteractiveTerminal {
        let session = try TerminalSession.start(input: 0, output: 1, modes: TerminalModes())
        let profile = TerminalProfile.detect(environment: environment, isTerminal: true)
        var typedAhead: [UInt8] = []
        let synchronized: Bool
        if let known = SynchronizedOutput.known(environment: environment) {
            synchronized = known
        } else {
            let probe = SynchronizedOutput.probe(input: 0, output: 1)
            synchronized = probe.supported
            typedAhead = probe.rest
        }
        let host = TerminalHost(
            session: session, colorDepth: profile.colorDepth, synchronizedOutput: synchronized, typedAhead: typedAhead, clock: clock)
        return InteractiveTerminal(session: session, host: host, profile: profile)
    }

    /// Gives the terminal back.
    public func end() {
        host.stop()
        session.end()
    }
}
