import Foundation

/// The benchmarks' own program, `vitrine-bench`, built beside `vitrine` (`make bench`) and run
/// by `vitrine bench NAME`: the shipped `vitrine` carries none of their code.
public enum BenchProgram {
    /// The executable's file name.
    public static let name = "vitrine-bench"

    /// The benchmarks' synopsis, as `vitrine --help` and `vitrine-bench` print it.
    public static let usage = "usage: vitrine bench decode|runtime|serve|cart|events|images|render|home|app|slow-clients [options]"

    /// The page generator's synopsis (`vitrine bench page`, used by the fuzz and schema scripts).
    public static let pageUsage = "usage: vitrine bench page [--sections N] [--widgets N] [--faults RATE] [--seed S]"

    /// The path of the executable called `name` in the directory of the running one, if there
    /// is one: the program is found beside this one, never on `PATH` or in the working directory.
    public static func sibling(named name: String) -> String? {
        guard let running = runningExecutable() else { return nil }
        let candidate = running.deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// The running executable, with its symbolic links resolved.
    public static func runningExecutable() -> URL? {
        #if os(Linux)
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
        #endif
    }
}
