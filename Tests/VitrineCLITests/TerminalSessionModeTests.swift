#if canImport(Glibc)
import Glibc
#endif
import FlowTerminal
import Foundation
import Testing

/// The terminal is given back on every exit path: a child takes a PTY as the app does
/// (`VitrineTestChild terminal-session`), then quits, is signalled, traps or is suspended and resumed. The
/// bytes it writes are exactly the modes' enter and exit sequences, and afterwards `stty -g`
/// of the PTY is what it was before.
@Suite(.serialized) struct TerminalSessionModeTests {
    static var executable: String {
        let here = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return here.appendingPathComponent("vitrine").path
    }

    /// The test-only program beside `vitrine`: it takes the terminal as the app does.
    static var testChild: String {
        URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("VitrineTestChild").path
    }

    static let enter = TerminalModes().enterSequence
    static let exit = TerminalModes().exitSequence

    func start(_ mode: String) throws -> (PTYProcess, String) {
        let child = try PTYProcess(executable: Self.testChild, arguments: ["terminal-session", mode])
        return (child, child.settingsBefore)
    }

    @Test func aNormalExitWritesTheEnterAndExitBytesAndRestoresTheSettings() throws {
        let (child, before) = try start("normal")
        #expect(child.read(untilSuffix: Self.enter))
        #expect(try child.stty() != before, "raw mode while the session runs")
        child.send("q")
        #expect(child.read(untilSuffix: Self.exit))
        #expect(child.wait() == .exited(0))
        #expect(child.output == Self.enter + Self.exit)
        #expect(try child.stty() == before)
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalRestoresTheTerminalThenEndsTheProcess(signal: Int32) throws {
        let (child, before) = try start("normal")
        #expect(child.read(untilSuffix: Self.enter))
        child.signal(signal)
        #expect(child.read(untilSuffix: Self.exit))
        #expect(child.wait() == .signalled(signal))
        #expect(child.output == Self.enter + Self.exit)
        #expect(try child.stty() == before)
    }

    @Test func aSwiftTrapRestoresTheTerminal() throws {
        let (child, before) = try start("trap")
        #expect(child.read(untilSuffix: Self.exit))
        let outcome = child.wait()
        #expect(outcome == .signalled(SIGILL) || outcome == .signalled(SIGTRAP))
        #expect(child.output == Self.enter + Self.exit)
        #expect(try child.stty() == before)
    }

    @Test func suspendReleasesTheTerminalAndContinueTakesItAgain() throws {
        let (child, before) = try start("normal")
        #expect(child.read(untilSuffix: Self.enter))
        let raw = try child.stty()
        child.signal(SIGTSTP)
        #expect(child.read(untilSuffix: Self.exit))
        #expect(child.wait(stopped: true) == .stopped(SIGSTOP))
        #expect(try child.stty() == before, "a shell gets its settings back while the app is stopped")
        child.signal(SIGCONT)
        #expect(child.read(untilSuffix: Self.enter + Self.exit + Self.enter))
        #expect(try child.stty() == raw)
        child.send("q")
        #expect(child.read(untilSuffix: Self.exit))
        #expect(child.wait() == .exited(0))
        #expect(child.output == Self.enter + Self.exit + Self.enter + Self.exit)
        #expect(try child.stty() == before)
    }
}
