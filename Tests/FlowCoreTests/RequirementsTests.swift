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
    }

    @Test(arguments: ["", "2.x", "2..1", "-1", "v2", "1.2.3.4.5.6.7.8.9", "２.０", "2.", ".2", "1234567890", "2.4 "])
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
