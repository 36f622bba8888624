import Testing

import CommandLineSupport
@testable import VitrineBench

/// `vitrine bench cart`'s options and the `wrk` script that makes the crowd of shoppers (the
/// figures themselves are the bench's to print, never a test's to time).
@Suite("vitrine bench cart")
struct CartBenchTests {
    @Test func optionsHaveTheirDefaultsAndRefuseWhatCannotRun() throws {
        let defaults = try CartBench.Options([])
        #expect(defaults.seconds == 12 && defaults.rounds == 4 && defaults.clients == 64 && defaults.database == nil)
        let given = try CartBench.Options(["--seconds", "8", "--rounds", "2", "--clients", "16", "--database", "postgresql://x@/db"])
        #expect(given.seconds == 8 && given.rounds == 2 && given.clients == 16 && given.database == "postgresql://x@/db")
        #expect(throws: UsageError.self) { try CartBench.Options(["--seconds", "3", "--rounds", "4"]) }
        #expect(throws: UsageError.self) { try CartBench.Options(["--clients", "0"]) }
        #expect(throws: UsageError.self) { try CartBench.Options(["--clients", "-1"]) }
        #expect(throws: UsageError.self) { try CartBench.Options(["--threads", "2"]) }
        #expect(throws: UsageError.self) { try CartBench.Options(["--seconds"]) }
    }

    @Test func theScriptCarriesEverySessionAndProductAndANewKeyPerRequest() {
        let tokens = ["vt1.aaaa", "vt1.bbbb", "vt1.cccc"]
        let script = CartLoadScript.text(tokens: tokens, products: ["p-1001", "p-1002"], run: "r7")
        #expect(script.contains(#"local tokens = {"vt1.aaaa","vt1.bbbb","vt1.cccc"}"#))
        #expect(script.contains(#"local products = {"p-1001","p-1002"}"#))
        #expect(script.contains(#"head = "POST /v1/cart/items?locale=en-US HTTP/1.1\r\nHost: " .. wrk.headers["Host"]"#))
        #expect(script.contains(#"Content-Type: application/json\r\nAuthorization: Bearer ""#))
        // The run, wrk's thread and the thread's counter: no two requests of a run share a key,
        // and no run reuses another's (each add must apply, none answered from memory).
        #expect(script.contains(#"return head .. token .. "\r\nIdempotency-Key: r7-" .. thread_id .. "-" .. counter .. tails[product]"#))
        // Each thread's number is the global `setup` sets: a local would hide it, and every
        // thread would send the same keys (its adds then answered as replays).
        #expect(script.contains("\nthread_id = 0\n") && !script.contains("local thread_id"))
        #expect(script.contains(#"thread:set("thread_id", next_id)"#))
        // Each product's body with its exact length, after the head's last field.
        #expect(script.contains(#"local body = '{"product_id":"' .. product .. '","quantity":1}'"#))
        #expect(script.contains(#"tails[index] = "\r\nContent-Length: " .. #body .. "\r\n\r\n" .. body"#))
    }
}
