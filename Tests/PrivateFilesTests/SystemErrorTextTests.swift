import Foundation
import PrivateFiles
import Testing

/// What a failed file operation says reaches the user as one line in strerror's words, never
/// Foundation's dump of a domain and code.
@Suite struct SystemErrorTextTests {
    @Test func aPOSIXErrorIsStrerrorsWordsToFollowAColon() {
        #expect(SystemErrorText.of(POSIXError(.ENOTDIR)) == "not a directory")
        #expect(SystemErrorText.of(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT))) == "no such file or directory")
        #expect(SystemErrorText.of(errno: EIO) == "input/output error")
    }

    @Test func foundationsFileErrorsGiveTheirUnderlyingPOSIXError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("system-error-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("x".utf8).write(to: file)
        do {
            try FileManager.default.createDirectory(at: file.appendingPathComponent("below"), withIntermediateDirectories: true)
            Issue.record("a directory was made under a file")
        } catch {
            let text = SystemErrorText.of(error)
            #expect(!text.contains("Domain="), "\(text)")
            #expect(!text.contains("\n"))
        }
    }

    @Test func anotherErrorIsItsOwnFirstLine() {
        struct Refusal: Error, CustomStringConvertible {
            var description: String { "first line\nsecond" }
        }
        #expect(SystemErrorText.of(Refusal()) == "first line")
    }
}
