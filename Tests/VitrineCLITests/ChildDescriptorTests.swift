#if canImport(Glibc)
import Glibc
#endif
import CPTYSupport
import Foundation
import Testing

/// What a child the tests start keeps of the test process: its standard streams and nothing
/// else. A child holding another test's pipe keeps that pipe from ending (a tmux server
/// outlives its test), and a reader waiting for the end blocks for as long as the child lives.
@Suite("Children the tests start inherit nothing but their streams", .timeLimit(.minutes(1)))
struct ChildDescriptorTests {
    /// The descriptors `pid` has open, by number.
    static func descriptors(of pid: pid_t) throws -> Set<Int32> {
        let names = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
        return Set(names.compactMap { Int32($0) })
    }

    /// Returns once `pid` is blocked in a sleep, yielding the processor meanwhile.
    static func waitUntilAsleep(_ pid: pid_t) throws {
        while try !String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8).contains("nanosleep") { sched_yield() }
    }

    @Test func aTerminalChildKeepsOnlyItsStreamsWhateverTheProcessHasOpen() throws {
        // A pipe of the kind Foundation makes (not close-on-exec), open while the child starts.
        var leaky: [Int32] = [-1, -1]
        #expect(pipe(&leaky) == 0)
        defer { leaky.forEach { close($0) } }
        #expect(fcntl(leaky[1], F_GETFD) & FD_CLOEXEC == 0, "the pipe would be inherited without the closing")
        let child = try PTYProcess(executable: "/bin/sleep", arguments: ["30"])
        // The dynamic loader and the locale's set-up open files of their own for a moment: the
        // child is looked at once it sleeps (its wait channel is the kernel's nanosleep).
        try Self.waitUntilAsleep(child.pid)
        #expect(try Self.descriptors(of: child.pid) == [0, 1, 2])
    }

    @Test func aPipeMadeForAChildIsClosedOnExec() {
        var fds: [Int32] = [-1, -1]
        #expect(vt_pipe_close_on_exec(&fds) == 0)
        defer { fds.forEach { close($0) } }
        #expect(fcntl(fds[0], F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(fds[1], F_GETFD) & FD_CLOEXEC != 0)
    }
}
