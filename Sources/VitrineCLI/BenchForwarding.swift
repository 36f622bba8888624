#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CommandLineSupport
import Foundation

/// `vitrine bench NAME`: this process becomes `vitrine-bench NAME` (as `git foo` becomes
/// `git-foo`), found beside this executable. It keeps this process's id, group, streams and
/// signals, so Ctrl-C, Ctrl-Z, `timeout` and `kill` reach the benchmark, and its exit status
/// is the command's. Returns only when the program cannot be started.
enum BenchForwarding {
    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let program = BenchProgram.sibling(named: BenchProgram.name) else {
            console.err("vitrine bench: the benchmarks are the program \(BenchProgram.name), which is not beside this vitrine or not executable (make bench builds both)")
            return 1
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        execv(program, argv)
        let reason = String(cString: strerror(errno))
        console.err("vitrine bench: \(BenchProgram.name) could not start: \(reason)")
        return 1
    }
}
