import CommandLineSupport
import Foundation
import ImagePipeline

/// `vitrine bench images`: a 300-pixel-wide thumbnail decoded to size (DCT scaling, streamed
/// rows) against a full-size decode followed by the same box resample, in one process, on a
/// 4000 x 3000 JPEG and a 2000 x 2000 PNG the bench makes itself. The JPEG comes twice: with
/// photo-like noise (the headline `jpeg_*` figures) and smooth (`jpeg_smooth_*`), because the
/// entropy decoding that DCT scaling cannot skip grows with the noise and bounds the speedup.
///
/// Prints `*_speedup` (full time / thumbnail time, medians) and `*_memory_ratio` (thumbnail
/// peak / full peak; lower is better; the bar for JPEG is 0.125), then, for JPEG,
/// `*_two_thread_memory_ratio` (the thumbnail decoder's peak with its helper thread / its
/// peak on one thread; the bar is 2), the same speedup in CPU time (the helper thread
/// counted), on one thread, and with libjpeg-turbo's own DCT scaling instead of the thumbnail
/// decoder, then the raw figures.
/// `--iterations N` (default 7); `--write DIR` also saves the images for
/// scripts/bench_images_peers.sh.
enum ImagesBench {
    static let target = PixelSize(width: 300, height: 300)

    static func run(_ arguments: [String], console: Console) async -> Int32 {
        struct Options {
            var iterations = 7
            var writeDirectory: URL?
        }
        let syntax = OptionParser<Options>(
            command: "vitrine bench images",
            options: [
                .number("--iterations", in: 1...10_000) { $0.iterations = $1 },
                .value("--write", "DIR") { $0.writeDirectory = URL(fileURLWithPath: $1, isDirectory: true) },
            ],
            forms: [[[.optional("--iterations"), .optional("--write")]]])
        var status: Int32 = 0
        guard let options = BenchOptions.parse(arguments, into: Options(), with: syntax, console: console, status: &status) else { return status }
        let (iterations, writeDirectory) = (options.iterations, options.writeDirectory)
        guard let jpeg = Fixtures.jpeg(), let smooth = Fixtures.jpeg(noise: 4), let png = Fixtures.png() else {
            console.err("vitrine bench images: could not encode the bench images")
            return 1
        }
        if let directory = writeDirectory {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try jpeg.write(to: directory.appendingPathComponent("bench.jpg"))
                try smooth.write(to: directory.appendingPathComponent("bench_smooth.jpg"))
                try png.write(to: directory.appendingPathComponent("bench.png"))
            } catch {
                console.err("vitrine bench images: cannot write to \(directory.path): \(error)")
                return 1
            }
        }
        console.out("# images: JPEG 4000x3000 photo-like (\(jpeg.count) bytes), the same smooth (\(smooth.count) bytes),")
        console.out("#         PNG 2000x2000 RGBA (\(png.count) bytes)")
        console.out("# target: fit inside \(target) (300 px wide); \(iterations) iterations; medians")
        console.out("# memory: max(VmHWM rise via /proc/self/clear_refs, decoder-counted pixel bytes)")
        do {
            try report("jpeg", jpeg, iterations: iterations, console: console)
            try report("jpeg_smooth", smooth, iterations: iterations, console: console)
            try report("png", png, iterations: iterations, console: console)
        } catch {
            console.err("vitrine bench images: \(error)")
            return 1
        }
        return 0
    }

    private struct Measurement {
        var seconds: Double
        var cpuSeconds: Double
        var peakBytes: Int
        var pixelBytes: Int
        var residentBytes: Int?
        var size: PixelSize
    }

    private static func report(_ name: String, _ data: Data, iterations: Int, console: Console) throws {
        let jpeg = name.hasPrefix("jpeg")
        let strategies: [ImageDecoder.Strategy] =
            jpeg
            ? [.targetSize, .fullSizeThenResample, .targetSizeOnOneThread, .libjpegScaling]
            : [.targetSize, .fullSizeThenResample]
        let results = try measure(data, strategies: strategies, iterations: iterations)
        let (thumbnail, full) = (results[0], results[1])
        console.out("\(name)_thumbnail_speedup = \(format(full.seconds / thumbnail.seconds, 2))")
        console.out("\(name)_thumbnail_memory_ratio = \(format(Double(thumbnail.peakBytes) / Double(max(1, full.peakBytes)), 4))")
        if jpeg {
            let (oneThread, libjpeg) = (results[2], results[3])
            let twoThreadRatio = Double(thumbnail.peakBytes) / Double(max(1, oneThread.peakBytes))
            console.out("\(name)_thumbnail_two_thread_memory_ratio = \(format(twoThreadRatio, 4))")
            console.out("\(name)_thumbnail_cpu_speedup = \(format(full.cpuSeconds / thumbnail.cpuSeconds, 2))")
            console.out("\(name)_thumbnail_one_thread_speedup = \(format(full.seconds / oneThread.seconds, 2))")
            console.out("\(name)_libjpeg_scaling_speedup = \(format(full.seconds / libjpeg.seconds, 2))")
            console.out("\(name)_thumbnail_one_thread_ms = \(format(oneThread.seconds * 1000, 2))")
            console.out("\(name)_libjpeg_scaling_ms = \(format(libjpeg.seconds * 1000, 2))")
        }
        console.out("\(name)_thumbnail_ms = \(format(thumbnail.seconds * 1000, 2))")
        console.out("\(name)_thumbnail_cpu_ms = \(format(thumbnail.cpuSeconds * 1000, 2))")
        console.out("\(name)_full_decode_resample_ms = \(format(full.seconds * 1000, 2))")
        console.out("\(name)_thumbnail_peak_bytes = \(thumbnail.peakBytes)")
        if jpeg { console.out("\(name)_thumbnail_one_thread_peak_bytes = \(results[2].peakBytes)") }
        console.out("\(name)_full_decode_resample_peak_bytes = \(full.peakBytes)")
        console.out("\(name)_thumbnail_pixel_buffer_bytes = \(thumbnail.pixelBytes)")
        console.out("\(name)_full_decode_resample_pixel_buffer_bytes = \(full.pixelBytes)")
        console.out("\(name)_thumbnail_resident_rise_bytes = \(thumbnail.residentBytes.map(String.init) ?? "unavailable")")
        console.out("\(name)_full_decode_resample_resident_rise_bytes = \(full.residentBytes.map(String.init) ?? "unavailable")")
        console.out("\(name)_thumbnail_size = \(thumbnail.size)")
    }

    /// Every strategy on the same bytes. Iterations alternate between them, so a machine
    /// shared with other work slows all alike; each figure is the median. CPU time is the
    /// process's (all threads), so a decode split over two threads is charged for both.
    private static func measure(
        _ data: Data, strategies: [ImageDecoder.Strategy], iterations: Int
    ) throws -> [Measurement] {
        func decode(_ strategy: ImageDecoder.Strategy) throws -> ImageDecoder.Output {
            try ImageDecoder.decode(
                data, targetSize: target, contentMode: .fit, maxPixelCount: 50_000_000, strategy: strategy)
        }
        var results: [Measurement] = []
        for strategy in strategies {
            var output = try decode(strategy) // warm-up: code paths and allocator
            var failure: (any Error)?
            let resident = ResidentPeak.measure {
                do { output = try decode(strategy) } catch { failure = error }
            }
            if let failure { throw failure }
            results.append(
                Measurement(
                    seconds: 0, cpuSeconds: 0, peakBytes: max(resident ?? 0, output.peakPixelBytes),
                    pixelBytes: output.peakPixelBytes, residentBytes: resident, size: output.bitmap.size))
        }
        let clock = ContinuousClock()
        var times = [[Double]](repeating: [], count: strategies.count)
        var cpuTimes = [[Double]](repeating: [], count: strategies.count)
        for _ in 0..<iterations {
            for (index, strategy) in strategies.enumerated() {
                let cpuBefore = processCPUSeconds()
                let elapsed = try clock.measure { _ = try decode(strategy) }
                cpuTimes[index].append(processCPUSeconds() - cpuBefore)
                times[index].append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            }
        }
        for index in results.indices {
            results[index].seconds = median(times[index])
            results[index].cpuSeconds = median(cpuTimes[index])
        }
        return results
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// CPU time of every thread of this process so far.
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    private static func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
