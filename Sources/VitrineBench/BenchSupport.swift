import Foundation
import PageGenerator

/// Timing and memory helpers shared by the benchmarks. Figures are ratios against a baseline
/// measured in the same process, so the machine's speed cancels out.
enum BenchSupport {
    /// The median wall time of `iterations` runs of `body`, after `warmups` unmeasured ones.
    static func medianSeconds(iterations: Int, warmups: Int = 2, _ body: () throws -> Void) rethrows -> Double {
        for _ in 0..<warmups { try body() }
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            let start = clock.now
            try body()
            samples.append(seconds(clock.now - start))
        }
        return median(samples)
    }

    /// Median wall times of `baseline` and `candidate`, run alternately so that a change in
    /// the machine's load falls on both alike.
    static func interleavedMedians(
        iterations: Int, warmups: Int = 2, baseline: () throws -> Void, candidate: () throws -> Void
    ) rethrows -> (baseline: Double, candidate: Double) {
        for _ in 0..<warmups {
            try baseline()
            try candidate()
        }
        let clock = ContinuousClock()
        var baselineSamples: [Double] = []
        var candidateSamples: [Double] = []
        for _ in 0..<iterations {
            var start = clock.now
            try baseline()
            baselineSamples.append(seconds(clock.now - start))
            start = clock.now
            try candidate()
            candidateSamples.append(seconds(clock.now - start))
        }
        return (median(baselineSamples), median(candidateSamples))
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Peak resident memory growth while `body` runs, in bytes: the kernel's high-water mark
    /// (`VmHWM`) is reset through `/proc/self/clear_refs` first, so the figure is this body's
    /// own peak above what the process already held. `nil` where /proc is not available.
    static func peakMemoryGrowth(_ body: () throws -> Void) rethrows -> Int? {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else {
            try body()
            return nil
        }
        handle.write(Data("5".utf8))
        try? handle.close()
        let before = statusValue("VmRSS")
        try body()
        guard let before, let peak = statusValue("VmHWM") else { return nil }
        return max(0, peak - before)
    }

    /// A `/proc/self/status` field in bytes.
    static func statusValue(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let number = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            return number.map { $0 * 1024 }
        }
        return nil
    }

    /// A benchmark page: the project's own `PageGenerator` with these knobs, or, with
    /// `--generator PATH`, the output of that script run with the same knobs as arguments
    /// (`--sections N --widgets N --seed S --faults R`), to compare with another generator.
    static func generatePage(generator script: String?, _ generator: PageGenerator) throws -> Data {
        guard let script else { return Data(generator.bytes()) }
        guard FileManager.default.fileExists(atPath: script) else { throw BenchError.generatorMissing(script) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--sections", "\(generator.sections)", "--widgets", "\(generator.widgetsPerSection)",
                             "--seed", "\(generator.seed)", "--faults", "\(generator.faultRate)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError.generatorFailed(process.terminationStatus) }
        return data
    }

    /// `value` with `digits` decimals.
    static func format(_ value: Double, digits: Int = 2) -> String {
        String(format: "%.\(digits)f", value)
    }
}

enum BenchError: Error, CustomStringConvertible {
    case generatorMissing(String)
    case generatorFailed(Int32)
    case noHomePage(String)

    var description: String {
        switch self {
        case .noHomePage(let request): "no home page for \(request)"
        case .generatorMissing(let path): "generator '\(path)' not found"
        case .generatorFailed(let status): "the generator exited with status \(status)"
        }
    }
}
