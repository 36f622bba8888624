import CommandLineSupport
import FlowCore
import FlowRuntime
import FlowWidgets
import Foundation
import Observation
import PageGenerator
import RetailContract
import RetailKit
import Synchronization

/// `vitrine bench runtime [--page FILE] [--rounds N]`: the cost of 1,000 `replace_widget`
/// mutations applied one by one through `PageStore.apply` (the path an `api` response takes)
/// on a 4,000-widget page, against the same on a 40-widget page. A mutation must not rescan
/// the page, so the ratio stays near 1 (the bar is 3).
///
/// The large page is `--page FILE` or `PageGenerator`'s 200 sections of 20 widgets; the small
/// page is its first two sections.
@MainActor
enum RuntimeBench {
    static let mutationCount = 1000

    static func run(_ arguments: [String], console: Console) async -> Int32 {
        struct Options {
            var pagePath: String?
            var rounds = 5
        }
        let syntax = OptionParser<Options>(
            command: "vitrine bench runtime",
            options: [.value("--page", "FILE") { $0.pagePath = $1 }, .number("--rounds", in: 1...100_000) { $0.rounds = $1 }],
            forms: [[[.optional("--page"), .optional("--rounds")]]])
        var status: Int32 = 0
        guard let options = BenchOptions.parse(arguments, into: Options(), with: syntax, console: console, status: &status) else { return status }
        let (pagePath, rounds) = (options.pagePath, options.rounds)

        let largeSections: [JSONValue]
        if let pagePath {
            guard let data = FileManager.default.contents(atPath: pagePath),
                  let document = try? JSONParser.parse(data),
                  case .array(let sections)? = document["page"]?["sections"] else {
                console.err("vitrine bench runtime: \(pagePath) is not a readable {\"page\": {\"sections\": […]}} document")
                return 1
            }
            largeSections = sections
        } else {
            largeSections = PageGenerator(sections: 200, widgetsPerSection: 20).document()["page"]?["sections"]?.arrayValue ?? []
        }

        var catalog = WidgetCatalog()
        StarterWidgets.register(on: &catalog)
        RetailWidgets.register(on: &catalog)
        let decoder = PageDecoder(catalog: catalog)

        guard let large = await loadedStore(sections: largeSections, decoder: decoder),
              let small = await loadedStore(sections: Array(largeSections.prefix(2)), decoder: decoder) else {
            console.err("vitrine bench runtime: the benchmark page could not be loaded")
            return 1
        }
        let largeWidgets = bodyWidgetIDs(large)
        let smallWidgets = bodyWidgetIDs(small)
        guard !largeWidgets.isEmpty, !smallWidgets.isEmpty else {
            console.err("vitrine bench runtime: the page has no section widgets to replace")
            return 1
        }
        let largeMutations = mutations(targets: largeWidgets)
        let smallMutations = mutations(targets: smallWidgets)

        // Warm up both paths once, then alternate rounds so that machine noise hits both.
        _ = apply(smallMutations, to: small)
        _ = apply(largeMutations, to: large)
        var smallTimes: [Duration] = []
        var largeTimes: [Duration] = []
        for _ in 0..<rounds {
            smallTimes.append(apply(smallMutations, to: small))
            largeTimes.append(apply(largeMutations, to: large))
        }
        let smallMedian = median(smallTimes)
        let largeMedian = median(largeTimes)

        console.out("runtime_small_page_widgets = \(smallWidgets.count)")
        console.out("runtime_large_page_widgets = \(largeWidgets.count)")
        console.out("runtime_mutations = \(mutationCount)")
        console.out("mutation_small_us_per_mutation = \(format(microseconds(smallMedian) / Double(mutationCount)))")
        console.out("mutation_large_us_per_mutation = \(format(microseconds(largeMedian) / Double(mutationCount)))")
        console.out("mutation_scaling_ratio = \(format(microseconds(largeMedian) / max(microseconds(smallMedian), 0.001)))")
        return 0
    }

    /// Applies each mutation as its own response would, and returns the time taken.
    private static func apply(_ mutations: [PageMutation], to store: PageStore) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        for mutation in mutations {
            store.apply([mutation], mode: .partial)
        }
        return start.duration(to: clock.now)
    }

    private static func loadedStore(sections: [JSONValue], decoder: PageDecoder) async -> PageStore? {
        let page: JSONValue = ["page": ["id": "home", "request_id": "bench", "sections": .array(sections)]]
        let store = PageStore(pageID: "home", loader: FixedLoader(data: JSONWriter.data(for: page)), decoder: decoder)
        store.loadInitial()
        await until { !store.isLoadingPage }
        return store.state == .loaded ? store : nil
    }

    /// Suspends until `condition` holds, woken by the store's observed state.
    private static func until(_ condition: @escaping @MainActor () -> Bool) async {
        while !condition() {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let once = ResumeOnce(continuation)
                let satisfied = withObservationTracking { condition() } onChange: { once.resume() }
                if satisfied { once.resume() }
            }
        }
    }

    private static func bodyWidgetIDs(_ store: PageStore) -> [String] {
        store.page?.sections.flatMap { $0.widgets.map(\.id) } ?? []
    }

    /// `mutationCount` replacements spread over `targets` by a fixed stride, each a new widget.
    private static func mutations(targets: [String]) -> [PageMutation] {
        var index = 0
        return (0..<mutationCount).map { step in
            index = (index + 7919) % targets.count
            let id = targets[index]
            return .replaceWidget(id, with: productCard(id: id, title: "Replacement \(step)", position: step % 20))
        }
    }

    private static func productCard(id: String, title: String, position: Int) -> JSONValue {
        [
            "type": .string(RetailWidgetType.productCard), "id": .string(id),
            "layout": ["padding": ["top": 8, "left": 8, "right": 8, "bottom": 8], "corner_radius": 12,
                       "background": ["hex": "#FFFFFF", "dark_hex": "#1C1C1E"], "width": 0.45],
            "data": ["product_id": .string(id), "title": .string(title), "subtitle": "Linen shirt summer sale",
                     "image": ["url": .string("https://cdn.example.com/img/\(id).jpg"), "aspect_ratio": 1.333, "alt": "Shirt"],
                     "price": ["amount": 49.9, "currency": "EUR"], "availability": "available", "badges": []],
            "actions": ["tap": ["type": .string(RetailActionType.deeplink), "url": .string("vitrine://product/\(id)")],
                        WidgetEvent.addToCart.name: ["type": .string(RetailActionType.addToCart), "product_id": .string(id), "quantity": 1]],
            "tracking": ["item_id": .string(id), "position": .number(Double(position))],
        ]
    }

    private static func median(_ values: [Duration]) -> Duration {
        values.sorted()[values.count / 2]
    }

    private static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}

/// Answers every request with the same bytes.
private struct FixedLoader: PageLoader {
    let data: Data
    func loadPage(_ request: PageRequest) async throws -> Data { data }
}

/// Resumes a continuation at most once, from whichever side comes first.
private final class ResumeOnce: Sendable {
    private let state: Mutex<CheckedContinuation<Void, Never>?>

    init(_ continuation: CheckedContinuation<Void, Never>) {
        state = Mutex(continuation)
    }

    func resume() {
        let continuation = state.withLock { value -> CheckedContinuation<Void, Never>? in
            defer { value = nil }
            return value
        }
        continuation?.resume()
    }
}
