import Foundation
import Testing
@testable import FlowCore

@Suite struct RequirementsTests {
    @Test func versionsCompareNumericallyWithMissingPartsAsZero() throws {
        let v = { (text: String) in try #require(AppVersion(text)) }
        #expect(try v("2.4") == v("2.4.0"))
        #expect(try v("2.4.0") < v("2.10.0"))
        #expect(try v("10") > v("9.99.99"))
        #expect(try !(v("2.4.1") < v("2.4.1")))
        #expect(try v("02.004") == v("2.4"))
        #expect(try v("0.0") == v("0"))
        #expect(try v("0.0.1") > v("0"))
        #expect(try Set([v("2.4"), v("2.4.0.0"), v("02.4")]).count == 1)
    }

    /// §4 compares any length: a long part is a large number, never "not a version".
    @Test func partsOfAnyLengthAndAnyNumberOfPartsCompare() throws {
        let v = { (text: String) in try #require(AppVersion(text)) }
        #expect(try v("1.0.1234567890") < v("2.6.0"))
        #expect(try v("2.6.1234567890") > v("2.6.999999999"))
        #expect(try v("2.6.12345678901234567890123") > v("2.6.12345678901234567890122"))
        #expect(try v("1.2.3.4.5.6.7.8.9") < v("1.2.3.4.5.6.7.8.10"))
        #expect(try v("1.2.3.4.5.6.7.8.9") > v("1.2.3.4.5.6.7.8"))
        #expect(try v("9999999999999999999999") > v("1" + String(repeating: "0", count: 21)))
        let requirements = Requirements(minAppVersion: try v("1.0.1234567890"))
        #expect(requirements.isMet(by: ClientContext(appVersion: try v("2.6.0"))))
        #expect(try v("2.6.1234567890").description == "2.6.1234567890")
    }

    /// Property: on versions whose parts fit an Int, comparison is that of the integer parts.
    @Test(arguments: 1...20)
    func comparisonAgreesWithIntegerPartsWhereTheyFit(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        for _ in 0..<200 {
            let left = (0..<Int(random.next() % 5 + 1)).map { _ in Int(random.next() % 20) }
            let right = (0..<Int(random.next() % 5 + 1)).map { _ in Int(random.next() % 20) }
            let count = max(left.count, right.count)
            let padded = { (parts: [Int]) in parts + Array(repeating: 0, count: count - parts.count) }
            let text = { (parts: [Int]) in parts.map(String.init).joined(separator: ".") }
            let a = try #require(AppVersion(text(left))), b = try #require(AppVersion(text(right)))
            #expect((a < b) == padded(left).lexicographicallyPrecedes(padded(right)), "\(left) \(right)")
            #expect((a == b) == (padded(left) == padded(right)), "\(left) \(right)")
        }
    }

    @Test(arguments: ["", "2.x", "2..1", "-1", "v2", "２.０", "2.", ".2", "2.4 ", "+1", "1e3"])
    func refusesNonNumericVersions(text: String) {
        #expect(AppVersion(text) == nil)
    }

    @Test func unmetReasonNamesVersionAndMissingCapabilities() throws {
        let requirements = Requirements(minAppVersion: AppVersion("2.6"), capabilities: ["video", "ar"])
        let old = ClientContext(appVersion: AppVersion(major: 2, minor: 4), capabilities: ["video", "ar"])
        let noVideo = ClientContext(appVersion: AppVersion(major: 3), capabilities: ["ar"])
        let able = ClientContext(appVersion: AppVersion(major: 2, minor: 6), capabilities: ["video", "ar", "haptics"])
        #expect(requirements.unmetReason(for: old)?.contains("2.6") == true)
        #expect(requirements.unmetReason(for: noVideo)?.contains("video") == true)
        #expect(requirements.unmetReason(for: able) == nil)
        #expect(requirements.isMet(by: able))
        #expect(!requirements.isMet(by: old))
        #expect(!requirements.isMet(by: noVideo))
    }
}
