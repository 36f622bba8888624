import Testing
@testable import RetailBackend

@Suite struct AppVersionTests {
    @Test func versionsCompareNumerically() {
        #expect(AppVersion("2.4")! == AppVersion("2.4.0")!)
        #expect(AppVersion("2.4.0")! < AppVersion("2.10.0")!)
        #expect(AppVersion("-1") == nil)
        #expect(AppVersion("1.2.3.4.5.6.7") == nil)
    }

    @Test(arguments: ["", ".", "1.", ".1", "1..2", "a", "1.2a", "１.2", "1234567890", "1.2.3.4.5.6.7", "-1", "+1"])
    func rejectsWhatIsNotADottedVersion(text: String) {
        #expect(AppVersion(text) == nil)
    }

    @Test func parsesUpToSixPartsOfNineDigits() {
        #expect(AppVersion("1.2.3.4.5.6")?.parts == [1, 2, 3, 4, 5, 6])
        #expect(AppVersion("123456789.0")?.parts == [123_456_789, 0])
        #expect(AppVersion("2.6.0")?.description == "2.6.0")
    }
}
