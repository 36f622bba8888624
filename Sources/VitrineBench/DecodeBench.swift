import CommandLineSupport
import FlowCore
import Foundation
import PageGenerator
import RetailKit

/// `vitrine bench decode [--file PAGE.json] [--generator SCRIPT] [--iterations N]`.
///
/// Decodes a generated page of 200 sections of 20 widgets (`PageGenerator`) with the app's full registry, and the
/// same bytes with `JSONDecoder` into a skeleton (page → sections → widgets with only `type`
/// and `id`), in this process. The bar: the full decode at most 1.8× the skeleton's time.
enum DecodeBench {
    private struct Skeleton: Decodable {
        struct Page: Decodable { var sections: [Section] }
        struct Section: Decodable { var widgets: [Widget] }
        struct Widget: Decodable {
            var type: String?
            var id: String?
        }
        var page: Page
    }

    static func run(_ arguments: [String], console: Console) -> Int32 {
        struct Options {
            var file: String?
            var generator: String?
            var iterations = 21
            /// In the child that measures one decoder's peak memory: which one.
            var peakChild: String?
        }
        let syntax = OptionParser<Options>(
            command: "vitrine bench decode",
            options: [
                .value("--file", "PAGE.json") { $0.file = $1 },
                .value("--generator", "SCRIPT") { $0.generator = $1 },
                .number("--iterations", in: 1...100_000) { $0.iterations = $1 },
                .value("--peak-child", "DECODER") { $0.peakChild = $1 },
            ],
            forms: [[[.optional("--file"), .optional("--generator"), .optional("--iterations")]]])
        var status: Int32 = 0
        guard let options = BenchOptions.parse(arguments, into: Options(), with: syntax, console: console, status: &status) else { return status }
        let (file, generator, iterations, peakChild) = (options.file, options.generator, options.iterations, options.peakChild)
        do {
            let data: Data
            if let file {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
                if let peakChild { return measurePeakInThisProcess(data, decoder: peakChild, console: console) }
            } else {
                data = try BenchSupport.generatePage(generator: generator, PageGenerator(sections: 200, widgetsPerSection: 20))
            }
            return try measure(data, iterations: iterations, console: console)
        } catch {
            console.err("vitrine bench decode: \(error)")
            return 1
        }
    }

    private static func measure(_ data: Data, iterations: Int, console: Console) throws -> Int32 {
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let first = try decoder.decodePage(data)
        let widgetCount = first.page.sections.reduce(0) { $0 + $1.widgets.count }
        let skeletonCount = try JSONDecoder().decode(Skeleton.self, from: data).page.sections.reduce(0) { $0 + $1.widgets.count }

        let (skeletonSeconds, fullSeconds) = try BenchSupport.interleavedMedians(
            iterations: iterations,
            baseline: { _ = try JSONDecoder().decode(Skeleton.self, from: data) },
            candidate: { _ = try decoder.decodePage(data) })
        let parseSeconds = try BenchSupport.medianSeconds(iterations: iterations) {
            _ = try JSONParser.parse(data)
        }
        let skeletonPeak = try peakInFreshProcess(data, decoder: "skeleton")
        let fullPeak = try peakInFreshProcess(data, decoder: "full")

        let megabytes = Double(data.count) / 1_000_000
        console.out("payload_bytes = \(data.count)")
        console.out("widgets = \(widgetCount)")
        console.out("skeleton_widgets = \(skeletonCount)")
        console.out("skeleton_ms = \(BenchSupport.format(skeletonSeconds * 1000))")
        console.out("full_decode_ms = \(BenchSupport.format(fullSeconds * 1000))")
        console.out("json_parse_ms = \(BenchSupport.format(parseSeconds * 1000))")
        console.out("skeleton_mb_per_s = \(BenchSupport.format(megabytes / skeletonSeconds, digits: 1))")
        console.out("full_decode_mb_per_s = \(BenchSupport.format(megabytes / fullSeconds, digits: 1))")
        console.out("decode_vs_skeleton_ratio = \(BenchSupport.format(fullSeconds / skeletonSeconds))")
        if let fullPeak {
            console.out("full_decode_peak_memory_mb = \(BenchSupport.format(Double(fullPeak) / 1_048_576, digits: 1))")
        }
        if let skeletonPeak {
            console.out("skeleton_peak_memory_mb = \(BenchSupport.format(Double(skeletonPeak) / 1_048_576, digits: 1))")
        }
        return 0
    }

    /// Peak memory is measured in a fresh child process: in this one, memory freed by the
    /// timing runs would be reused and hide the decode's real peak.
    private static func peakInFreshProcess(_ data: Data, decoder: String) throws -> Int? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bench-\(ProcessInfo.processInfo.processIdentifier).json")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["decode", "--peak-child", decoder, "--file", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output.split(separator: "\n").first { $0.hasPrefix("peak_bytes = ") }.flatMap { Int($0.dropFirst(13)) }
    }

    private static func measurePeakInThisProcess(_ data: Data, decoder name: String, console: Console) -> Int32 {
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let peak = BenchSupport.peakMemoryGrowth {
            if name == "skeleton" {
                _ = try? JSONDecoder().decode(Skeleton.self, from: data)
            } else {
                _ = try? decoder.decodePage(data)
            }
        }
        console.out("peak_bytes = \(peak ?? -1)")
        return 0
    }
}
