import Testing
@testable import RetailBackend

/// A `--database` URL may hold a password, and libpq's messages quote the parts of a
/// connection string they cannot read: nothing of the URL is repeated.
@Suite struct PostgresURLTests {
    @Test(arguments: [
        "postgresql://vitrine:S3cret%zzPassw0rd@localhost/vitrine",
        "postgresql://vitrine:S3cretPassw0rd@[::1/vitrine",
        "postgresql://u:S3cret@/x?nonsense=1",
    ])
    func anUnreadableURLIsRefusedWithoutRepeatingIt(url: String) throws {
        let refusal = try #require(PostgresURL.refusal(url))
        #expect(!refusal.contains("S3cret"))
        #expect(refusal.contains("cannot be read"))
        #expect(throws: PostgresError.self) { try PostgresConnection(url: url) }
        do {
            _ = try PostgresConnection(url: url)
        } catch {
            #expect(!error.description.contains("S3cret"), "\(error.description)")
        }
    }

    @Test func aMessageOfLibpqLosesTheURLAndItsPasswordAndKeepsOneLine() {
        let url = "postgresql://shop%20owner:p%40ss@db.internal:5432/vitrine"
        let message = """
            connection to server at "db.internal" failed: FATAL:  password authentication failed for user "shop owner"
            \tpassword "p@ss" for postgresql://shop%20owner:p%40ss@db.internal:5432/vitrine
            """
        let said = PostgresURL.redacted(message, of: url)
        #expect(!said.contains("p@ss") && !said.contains("p%40ss"), "\(said)")
        #expect(!said.contains("\n") && !said.contains("\t"))
        #expect(said.contains("db.internal"), "the host still says where")
        #expect(PostgresURL.refusal(url) == nil)
    }

    @Test func aServerThatCannotBeReachedIsNamedWithoutThePassword() {
        let url = "postgresql://vitrine:S3cretPassw0rd@/vitrine?host=/nonexistent-vitrine-socket-dir&connect_timeout=2"
        do {
            _ = try PostgresConnection(url: url)
            Issue.record("no server listens there")
        } catch {
            #expect(!error.description.contains("S3cret"), "\(error.description)")
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains("nonexistent-vitrine-socket-dir"), "\(error.description)")
        }
    }
}
