import Foundation
import MarketTestSupport
import Testing

/// `openmarket -c 'list --format csv'` as a program that reads it gets it: RFC 4180 rows.
@Suite("openmarket: list as CSV on standard output", .serialized)
struct ListCSVBinaryTests {
    static var binary: String { BuiltProducts.path(of: "openmarket") }

    @Test func everyRowEndsWithCRLFTheLastOneToo() async throws {
        let home = try TestHome.make()
        defer { home.remove() }
        let image = Fixtures.image("coffee-small.jpg").path
        let made = try await ChildProcess.run(
            Self.binary,
            [
                "-c", "register name='CSV mug' description='A mug for the CSV test' price=1000 currency=KRW image='\(image)'",
                "-c", "register name='CSV pot' description='A pot for the CSV test' price=2000 currency=KRW image='\(image)'",
            ], environment: home.environment, timeout: .seconds(300))
        #expect(made.status == 0, "\(made.stderr)")
        let listed = try await ChildProcess.run(
            Self.binary, ["-c", "list --format csv --fields id,name,price"], environment: home.environment,
            timeout: .seconds(300))
        #expect(listed.status == 0, "\(listed.stderr)")
        let bytes = Array(listed.stdout.utf8)
        let rows = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The header and a row a product (the local market's own and these two), each with its CR,
        // then nothing after the last LF.
        #expect(rows.count >= 4 && rows.last?.isEmpty == true, "\(listed.stdout.debugDescription)")
        #expect(listed.stdout.contains("CSV mug") && listed.stdout.contains("CSV pot"))
        #expect(rows.dropLast().allSatisfy { $0.last == UInt8(ascii: "\r") }, "\(listed.stdout.debugDescription)")
    }
}
